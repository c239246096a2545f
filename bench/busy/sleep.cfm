<cfset sleep(2000)>slept
