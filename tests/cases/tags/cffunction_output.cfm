<cffunction name="say"><cfargument name="x">[<cfoutput>#x#</cfoutput>]</cffunction><cfset say(1)><cfset say(2)>
