<cfset sleep(1500)>napped
