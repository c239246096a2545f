<cfscript>
users = queryNew("firstname", "varchar", [{"firstname": "Han"}, {"firstname": "Leia"}]);
// Lucee's spellings of the array return type.
for (rt in ["array", "array-of-entities", "array_of_struct", "arrayOfEntities", "Array-Of-Entity"]) {
    r = queryExecute("select * from users", {}, { dbtype: "query", returntype: rt });
    writeOutput(rt & ": " & (isArray(r) ? r[2].firstname : "query") & chr(10));
}
r = queryExecute("select * from users", {}, { dbtype: "query", returntype: "query" });
writeOutput(isQuery(r) & chr(10));
try {
    queryExecute("select * from users", {}, { dbtype: "query", returntype: "list" });
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
