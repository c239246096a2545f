<cfscript>
s = {b: {c: [{d: "deep"}, {d: "deeper"}]}};
writeOutput(s.b["c"][1].d & "," & s["B"].C[2]["D"]);
</cfscript>
