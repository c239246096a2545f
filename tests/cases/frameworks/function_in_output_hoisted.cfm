<cfoutput><cfloop array="#[1,2]#" index="i">#twice(i)#,</cfloop>
<cffunction name="twice" output="false"><cfargument name="n"><cfreturn n * 2></cffunction></cfoutput>
<cfif false><cffunction name="inBranch"><cfreturn "b"></cffunction></cfif><cfoutput>#inBranch()#</cfoutput>
