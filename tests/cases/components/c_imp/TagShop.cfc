<cfimport path="components.c_imp.tools.*">
<cfcomponent output="false">
    <cffunction name="build" access="public" returntype="string" output="false">
        <cfset var s = new Saw()>
        <cfreturn "tag:" & s.use()>
    </cffunction>
</cfcomponent>
