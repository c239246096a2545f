<cfcomponent output="false">
    <cffunction name="id" modifier="final" access="public" returntype="string" output="false">
        <cfreturn "base-id">
    </cffunction>
    <cffunction name="label" access="public" returntype="string" output="false">
        <cfreturn "base-label:" & id()>
    </cffunction>
</cfcomponent>
