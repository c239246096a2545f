<cfscript>
fd = getFunctionData("listLen");
writeOutput(isStruct(fd) & "|");
writeOutput(fd.argumentType & "|");
writeOutput(fd.argMin & "|");
writeOutput(fd.argMax & "|");
writeOutput(arrayLen(fd.arguments) & "|");
writeOutput(fd.arguments[1].name & "|");
writeOutput(fd.arguments[1].required & "|");
writeOutput(fd.arguments[2].required & "|");
writeOutput(fd.type & "|");
try {
    getFunctionData("noSuchFunctionAtAll");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
