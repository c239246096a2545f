<cfscript>
fl = getFunctionList();
writeOutput(isStruct(fl) & "|");
writeOutput(structKeyExists(fl, "reMatch") & "|");
writeOutput(fl.keyExists("LISTLEN") & "|");
writeOutput(structKeyExists(fl, "getFunctionList") & "|");
writeOutput(structKeyExists(fl, "noSuchFunctionAtAll") & "|");
writeOutput((structCount(fl) GT 300) & "|");
writeOutput(fl.listLen & "|");
</cfscript>
