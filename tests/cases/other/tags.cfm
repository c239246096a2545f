<cfscript>
list = getTagList();
writeOutput(structKeyExists(list, "cf") & chr(10));
writeOutput(structKeyExists(list.cf, "lock") & "," & structKeyExists(list.cf, "output") & chr(10));
d = getTagData("cf", "lock");
writeOutput(d.nameSpace & "," & d.status & "," & d.type & chr(10));
writeOutput(structKeyExists(d.attributes, "timeout") & chr(10));
try {
    getTagData("cf", "nosuchtag");
} catch (any e) {
    writeOutput("error" & chr(10));
}
</cfscript>
