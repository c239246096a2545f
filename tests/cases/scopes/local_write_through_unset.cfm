<cfscript>
// A write through a local that is not yet set creates the structs on the way (Lucee).
function viaLocal() { local.a.b.c = 1; return local.a.b.c; }
function viaVar() { var a.b.c = 2; return local.a.b.c & a.b.c; }
function viaIndex() { local.m["k"] = 3; return m.k; }
writeOutput(viaLocal() & " " & viaVar() & " " & viaIndex());
</cfscript>
