<cfscript>
function f() { cf_greet(name="Script"); }
f();
</cfscript>
