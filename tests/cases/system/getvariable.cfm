<cfscript>
a = 1;
writeOutput(getVariable("a") & "|");
s = {b: {c: "deep"}};
writeOutput(getVariable("s.b.c") & "|");
setVariable("dyn", 42);
writeOutput(getVariable("dyn") & "|");
writeOutput(getVariable("variables.a") & "|");
arr = [10, 20];
writeOutput(getVariable("arr")[2] & "|");
try {
    getVariable("noSuchVariable");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
