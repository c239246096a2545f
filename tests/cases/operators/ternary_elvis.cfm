<cfscript>
x = 5;
writeOutput((x > 3 ? "big" : "small") & ",");
writeOutput((x > 10 ? "big" : "small") & ",");
writeOutput((undefinedThing ?: "default") & ",");
s = {};
writeOutput((s.missing ?: "none") & ",");
n = nullValue();
writeOutput((n ?: "was null") & ",");
writeOutput(x ?: "unused");
</cfscript>
