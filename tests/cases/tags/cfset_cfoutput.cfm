<cfset x = 5><cfset y = "hi"><cfoutput>#x# #y#</cfoutput>
