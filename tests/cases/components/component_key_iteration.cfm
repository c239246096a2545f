<cfscript>
p = new c_iter.Point();
keys = [];
for (k in p) arrayAppend(keys, lCase(k));
arraySort(keys, "textnocase");
writeOutput(arrayToList(keys) & chr(10));
writeOutput(structKeyExists(p, "x") & " " & structKeyExists(p, "move") & " " & structKeyExists(p, "hidden") & " " & structKeyExists(p, "secret") & chr(10));
writeOutput(isObject(p) & " " & isObject({x: 1}) & " " & isObject("p") & chr(10));
writeOutput(isInstanceOf({x: 1}, "Point") & chr(10));
</cfscript>
