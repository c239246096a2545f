<cfscript>
writeOutput((1 === 1) & ",");
writeOutput(("1" === 1) & ",");
writeOutput(("a" === "A") & ",");
a = [1]; b = a;
writeOutput((a === b) & ",");
writeOutput(([1] === [1]) & ",");
writeOutput("a" !== "b");
</cfscript>
