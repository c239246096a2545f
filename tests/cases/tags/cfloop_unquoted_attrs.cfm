<cfset n = 3><cfoutput><cfloop index="i" from=1 to=#n#>#i#</cfloop></cfoutput>
