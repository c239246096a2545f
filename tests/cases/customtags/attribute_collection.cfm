<cfset args = {name: "Coll"}><cf_greet attributeCollection="#args#">
