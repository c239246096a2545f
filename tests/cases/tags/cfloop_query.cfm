<cfset q = queryNew("n", "integer", [[10],[20],[30]])><cfoutput><cfloop query="q">#q.currentRow#=#q.n# </cfloop>|<cfloop query="q" startrow="2" endrow="3">#n#</cfloop></cfoutput>
