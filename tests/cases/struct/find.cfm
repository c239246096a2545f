<cfscript>
beatles = structNew("ordered");
beatles["person1"] = ["id": 1, "lastName": "Lennon"];
beatles["person2"] = ["id": 2, "lastName": "McCartney"];
r = structFindKey(beatles, "lastName", "one");
writeOutput(arrayLen(r) & "|" & r[1].value & "|" & r[1].path & "|" & r[1].owner.id & "|");
r = structFindKey(beatles, "LASTNAME", "all");
writeOutput(arrayLen(r) & "|" & r[2].value & "|");
v = structFindValue(beatles, "McCartney", "all");
writeOutput(arrayLen(v) & "|" & v[1].key & "|" & v[1].path & "|" & v[1].owner.id & "|");
writeOutput(arrayLen(structFindValue(beatles, "nobody", "all")) & "|");
colors = ["red": 93, "yellow": 90, "green": 94];
writeOutput(arrayToList(structSort(colors, "numeric", "desc")) & "|");
writeOutput(arrayToList(colors.sort("numeric")) & "|");
staff = structNew("ordered");
staff["scott"] = ["age": 26, "department": "General"];
staff["glan"] = ["age": 29, "department": "computer"];
staff["george"] = ["age": 31, "department": "Physical"];
writeOutput(arrayToList(structSort(staff, "textnocase", "asc", "department")) & "|");
writeOutput(arrayToList(structSort(staff, "numeric", "desc", "age")));
</cfscript>
