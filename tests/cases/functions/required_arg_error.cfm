<cfscript>
function f(required string name) { return name; }
f();
</cfscript>
