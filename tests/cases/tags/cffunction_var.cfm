<cffunction name="f"><cfset var t = 10><cfset t = t * 2><cfreturn t></cffunction><cfoutput>#f()#,#isDefined("t")#</cfoutput>
