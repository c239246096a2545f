<cfscript>
c = new c_invoke.Calc();
writeOutput(invoke(c, "add", {a: 2, b: 5}) & chr(10));
writeOutput(invoke(c, "add", [4, 6]) & chr(10));
writeOutput(invoke(c, "add") & chr(10));
writeOutput(invoke(c, "describe", {n: 3, label: "x"}) & chr(10));
writeOutput(invoke(c, "describe", ["y"]) & chr(10));
m = "scale";
writeOutput(invoke(c, m, [7]) & chr(10));
</cfscript>
