<cfcomponent modifier="abstract">
    <cffunction name="speak" modifier="abstract"></cffunction>
    <cffunction name="greet" modifier="final"><cfreturn "hi, " & speak()></cffunction>
</cfcomponent>
