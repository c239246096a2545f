<cffunction name="quiet" output="false"><cfoutput>hidden</cfoutput><cfset writeOutput("also hidden")><cfreturn "value"></cffunction><cfoutput>[#quiet()#]</cfoutput>
