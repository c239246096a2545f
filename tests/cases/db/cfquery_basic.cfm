<cfquery name="q">CREATE TABLE IF NOT EXISTS people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER)</cfquery>
<cfquery>DELETE FROM people</cfquery>
<cfset names = ["Ann", "Bob", "O'Brien"]>
<cfloop array="#names#" index="i" item="n">
<cfquery result="r">INSERT INTO people (name, age) VALUES (<cfqueryparam value="#n#" cfsqltype="cf_sql_varchar">, <cfqueryparam value="#i * 10#" cfsqltype="cf_sql_integer">)</cfquery>
</cfloop>
<cfquery name="q">SELECT id, name, age FROM people WHERE age >= <cfqueryparam value="10" cfsqltype="cf_sql_integer"> ORDER BY age</cfquery>
<cfoutput>#q.recordCount#|#q.columnList#|<cfloop query="q">#name#:#age#;</cfloop>|#r.recordCount#|#r.generatedKey#</cfoutput>
