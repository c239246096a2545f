<cfcomponent output="false">
    <cfset variables.steps = ["tag set"]>
    <cfscript>
        arrayAppend(variables.steps, "script block");
    </cfscript>
    <cfset arrayAppend(variables.steps, "second tag set")>

    <cffunction name="init" access="public" returntype="any" output="false">
        <cfargument name="label" type="string" required="false" default="none">
        <cfset arrayAppend(variables.steps, "init " & arguments.label)>
        <cfreturn this>
    </cffunction>

    <cffunction name="getSteps" access="public" returntype="string" output="false">
        <cfreturn arrayToList(variables.steps, " / ")>
    </cffunction>
</cfcomponent>
