<cffunction name="greet" output="false" returntype="string">
  <cfargument name="who" type="string" required="true">
  <cfargument name="greeting" default="Hello">
  <cfreturn greeting & ", " & who & "!">
</cffunction>
<cfoutput>#greet("Ann")#|#greet(who="Bob", greeting="Hi")#</cfoutput>
