<cfcomponent extends="TagAbstract">
    <cffunction name="speak"><cfreturn "woof"></cffunction>
</cfcomponent>
