<cfset n = 3><cfloop index="i" from="1" to="#n#"><cfoutput>#i#</cfoutput></cfloop>
