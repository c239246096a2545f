<cfoutput><cfloop index="i" from="1" to="10"><cfset i = i + 2>#i#,</cfloop></cfoutput>
