<cfscript>
p = deserializeJSON('{"company":"Foundeo","name":"Pete Freitag"}');
writeOutput(p.company & "|" & structCount(p) & "|" & isStruct(p) & "|");
a = deserializeJSON('[1, 2.5, "x", true, null, {"k": [1]}]');
writeOutput(arrayLen(a) & "|" & a[2] & "|" & a[3] & "|" & a[4] & "|" & isNull(a[5]) & "|" & a[6].k[1] & "|");
writeOutput(serializeJSON(deserializeJSON('{"b":[1,2.5,null,true]}')) & "|");
writeOutput(deserializeJSON('"text"') & "|" & deserializeJSON("42") & "|");
writeOutput(isJSON("[1,2,3]") & "|" & isJSON("[1,2,") & "|" & isJSON("") & "|");
try {
    deserializeJSON("{bad");
    writeOutput("no|");
} catch (any e) {
    writeOutput("error|");
}
q = deserializeJSON('{"COLUMNS":["A","B"],"DATA":[[1,2],[10,20]]}', false);
writeOutput(isQuery(q) & "|" & queryRecordCount(q) & "|" & queryGetCell(q, "B", 2) & "|");
notQ = deserializeJSON('{"COLUMNS":["A","B"],"DATA":[[1,2],[10,20]]}');
writeOutput(isStruct(notQ) & "|");
writeOutput('{"key":"value"}'.deserializeJSON().key);
</cfscript>
