<cfcomponent accessors="true" output="false">
    <cfproperty name="sku" type="string">
    <cfproperty name="price" type="numeric" default="0">
    <cffunction name="init" output="false">
        <cfargument name="sku" type="string" required="true">
        <cfargument name="price" type="numeric" default="1">
        <cfset setSku(arguments.sku)>
        <cfset variables.price = arguments.price>
        <cfreturn this>
    </cffunction>
    <cffunction name="total" returntype="numeric" output="false">
        <cfargument name="qty" type="numeric" default="1">
        <cfreturn variables.price * arguments.qty>
    </cffunction>
</cfcomponent>
