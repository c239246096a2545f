<cfscript>
function f(a = "dflt") { return a; }
writeOutput(f(nullValue()));
</cfscript>
