<cfcomponent output="false" hint="A tag component">
    <cfset variables.prefix = "tag:">
    <cffunction name="label" access="public" returntype="string" output="false">
        <cfargument name="text" type="string" required="true">
        <cfreturn variables.prefix & arguments.text>
    </cffunction>
    <cfscript>
        function twice(x) { return x * 2; }
    </cfscript>
</cfcomponent>
