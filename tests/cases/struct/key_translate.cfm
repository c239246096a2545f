<cfscript>
s = structNew("ordered");
s["a.b.c"] = 1;
s["a.d"] = 2;
s["plain"] = 3;
n = structKeyTranslate(s);
writeOutput(n & "|" & structKeyList(s) & "|");
writeOutput(s.a.b.c & "," & s.a.d & "," & structKeyExists(s, "a.b.c") & "|");
// leaveOriginalKey keeps the dotted key; a simple value in the way becomes a struct.
t = structNew("ordered");
t["x"] = "scalar";
t["x.y"] = 5;
writeOutput(structKeyTranslate(t, false, true) & "|" & isStruct(t.x) & "|" & t.x.y & "|" & t["x.y"] & "|");
// Existing structs are merged into.
u = {"m": {"keep": 1}, "m.added": 2};
u.keyTranslate();
writeOutput(structCount(u) & ":" & u.m.keep & "," & u.m.added & "|");
// Nested structs, also inside arrays, only with deepTranslation.
inner = {"p.q": 1};
v = {"list": [inner], "child": {"r.s": 2}};
writeOutput(structKeyTranslate(v) & "|");
writeOutput(structKeyTranslate(v, true) & "|" & inner.p.q & "," & v.child.r.s);
</cfscript>
