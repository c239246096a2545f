<cfscript>
s = {a: {b: "deep"}};
writeOutput(s?.a?.b & ",");
writeOutput((s?.x?.y ?: "safe") & ",");
writeOutput(isNull(nope?.thing));
</cfscript>
