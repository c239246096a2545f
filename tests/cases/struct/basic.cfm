<cfscript>
s = structNew("ordered");
s["a"] = 1;
s["B"] = 2;
writeOutput(structCount(s) & "|");
writeOutput(structKeyList(s) & "|");
writeOutput(structKeyList(s, " ; ") & "|");
writeOutput(structKeyExists(s, "b") & "|" & s.keyExists("c") & "|");
writeOutput(arrayToList(structKeyArray(s)) & "|");
writeOutput(arrayToList(structValueArray(s)) & "|");
structInsert(s, "c", 3);
writeOutput(s.keyList() & "|");
try {
    structInsert(s, "A", 9);
    writeOutput("no|");
} catch (any e) {
    writeOutput("exists|");
}
structInsert(s, "A", 9, true);
writeOutput(s.a & "|" & structKeyList(s) & "|");
structUpdate(s, "c", 30);
writeOutput(s.c & "|");
try {
    structUpdate(s, "zz", 1);
    writeOutput("no|");
} catch (any e) {
    writeOutput("missing|");
}
writeOutput(structDelete(s, "B") & "|" & structKeyList(s) & "|");
writeOutput(structDelete(s, "nope", true) & "|" & structDelete(s, "nope") & "|");
writeOutput(structFind(s, "c") & "|" & structFind(s, "nope", "dflt") & "|");
writeOutput(structIsEmpty(s) & "|" & s.count() & "|" & s.len() & "|");
structClear(s);
writeOutput(structIsEmpty(s) & "|" & structCount(s));
</cfscript>
