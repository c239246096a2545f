<cfoutput><cfloop index="i" from="1" to="10"><cfif i EQ 2><cfcontinue></cfif><cfif i EQ 5><cfbreak></cfif>#i#</cfloop></cfoutput>
