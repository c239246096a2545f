<cfset who = "Ann"><cffunction name="loud" output="true">Hi #who#!</cffunction><cfset loud()>
