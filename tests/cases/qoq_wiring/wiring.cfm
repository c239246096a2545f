<cfset people = queryNew("name,age", "varchar,integer", [["Ann",30],["Bob",20],["Cid",40]])><cfquery name="older" dbtype="query">SELECT name FROM people WHERE age > <cfqueryparam value="25" cfsqltype="cf_sql_integer"> ORDER BY name DESC</cfquery><cfoutput>#older.recordCount#:#valueList(older.name)#</cfoutput>
<cfscript>
r = queryExecute("SELECT count(*) AS n FROM people WHERE age < ?", [35], {dbtype: "query"});
writeOutput(r.n);
</cfscript>
