<cfscript>
name = "zip";
s = { "#name#": 1, "plain": 2, "#name#_#2#": 3 };
writeOutput(listSort(structKeyList(s), "textnocase"));
</cfscript>
