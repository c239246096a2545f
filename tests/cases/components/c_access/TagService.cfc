<cfcomponent output="false">
    <cffunction name="hello" access="remote" returntype="string" output="false">
        <cfargument name="who" type="string" default="world">
        <cfreturn "hello " & arguments.who & helper()>
    </cffunction>
    <cffunction name="helper" access="private" returntype="string" output="false">
        <cfreturn "!">
    </cffunction>
</cfcomponent>
