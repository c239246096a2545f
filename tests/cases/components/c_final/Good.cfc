<cfcomponent extends="Base" output="false">
    <cffunction name="label" access="public" returntype="string" output="false">
        <cfreturn "good+" & super.label()>
    </cffunction>
</cfcomponent>
