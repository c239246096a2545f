<cfscript>
s = struct(a = 1, b = "x", c: [1, 2]);
writeOutput(serializeJSON(s) & "|" & structCount(struct()) & "|");
try { struct(1, 2); } catch (any e) { writeOutput(e.message); }
</cfscript>
