<cfoutput><cfif true>#1+1#</cfif><cfloop index="i" from="1" to="2">#i#</cfloop></cfoutput>
