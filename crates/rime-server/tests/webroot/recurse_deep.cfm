<cfscript>
function depth(n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
writeOutput("depth=" & depth(100000));
</cfscript>
