<cfset arr = ["a","b"]><cfoutput><cfloop array="#arr#" item="x" index="i">#i#:#x# </cfloop>|<cfloop array="#arr#" index="v">#v#</cfloop></cfoutput>
