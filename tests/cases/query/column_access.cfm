<cfscript>
q = queryNew("id,name", "integer,varchar", [[1, "a"], [2, "b"], [3, "c"]]);
writeOutput(q.name[2] & q["name"][3] & q.id[1]);
writeOutput("|" & valueList(q.name) & "|" & valueList(q.id, ";") & "|" & quotedValueList(q.name));
s = {arr: [10, 20]};
writeOutput("|" & s.arr[2] & s["arr"][1]);
</cfscript>
