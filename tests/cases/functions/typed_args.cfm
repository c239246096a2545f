<cfscript>
function add(numeric a, numeric b) { return a + b; }
writeOutput(add(2, "3"));
</cfscript>
