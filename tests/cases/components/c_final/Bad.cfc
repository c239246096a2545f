<cfcomponent extends="Base" output="false">
    <cffunction name="id" access="public" returntype="string" output="false">
        <cfreturn "bad-id">
    </cffunction>
</cfcomponent>
