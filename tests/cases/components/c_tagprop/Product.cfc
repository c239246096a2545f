<cfcomponent accessors="true" output="false">
    <cfproperty name="sku" type="string" default="none" column="product_sku">
    <cfproperty name="price" type="numeric" default="0">
    <cfscript>
        function label() { return getSku() & " @ " & getPrice(); }
    </cfscript>
</cfcomponent>
