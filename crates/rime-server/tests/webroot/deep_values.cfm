<cfscript>
// Values nested 400,000 levels deep: every walk over them is a CFML error or works, and
// letting them go does not overflow the worker's stack.
s = {}; c = s;
a = []; d = a;
for (i = 1; i <= 400000; i++) { c.n = {}; c = c.n; d[1] = []; d = d[1]; }
out = [];
try { duplicate(s); out.append("duplicate ok"); } catch (any e) { out.append("duplicate: " & e.message); }
try { serializeJSON(a); out.append("serializeJSON ok"); } catch (any e) { out.append("serializeJSON: " & e.message); }
try { serialize(s); out.append("serialize ok"); } catch (any e) { out.append("serialize: " & e.message); }
writeOutput(out.toList("|"));
</cfscript>
