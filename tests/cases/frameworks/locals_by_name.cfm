<cfscript>
function a() { var x = 0; setVariable("local.x", 5); return x; }
function b() { local.q = ""; cfloop(list="1,2", item="local.it") { q &= it; } return q; }
function c() { var a = {}; var a.b.c = 1; return a.b.c; }
function d() { var c = 4; return evaluate("c"); }
function e() { setVariable("local.b", 3); return local.b; }
function f() { var n = "z"; setVariable("local.#n#", 9); return local.z; }
writeOutput(a() & "," & b() & "," & c() & "," & d() & "," & e() & "," & f());
</cfscript>
