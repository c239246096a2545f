<cfoutput><cfloop index="i" from="1" to="5">#i#</cfloop>|<cfloop index="j" from="10" to="1" step="-3">#j#,</cfloop>|<cfloop index="k" from="1" to="0">never</cfloop></cfoutput>
