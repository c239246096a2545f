<cfscript>
function depth(n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
writeOutput("depth=" & depth(900));
</cfscript>
