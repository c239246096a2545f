<cfscript>
setVariable("dyn", 42);
writeOutput(dyn);
name = "dyn";
writeOutput("," & evaluate(name & " + 1"));
writeOutput("," & evaluate("1 + 2 * 3"));
</cfscript>
