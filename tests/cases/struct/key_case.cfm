<cfscript>
s = {a: 1, "B": 2, "mixedCase": 3};
s.newKey = 4;
s["bracketKey"] = 5;
writeOutput(listSort(structKeyList(s), "textnocase"));
</cfscript>
