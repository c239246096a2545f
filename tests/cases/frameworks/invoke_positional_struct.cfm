<cfscript>
function joiner(a, b) { return a & "-" & b; }
obj = { j: joiner };
writeOutput(invoke(obj, "j", { "1": "x", "2": "y" }) & ",");
writeOutput(invoke(obj, "j", { b: "q", a: "p" }) & ",");
writeOutput(invoke(obj, "j", ["m", "n"]));
</cfscript>
