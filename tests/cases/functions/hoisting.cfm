<cfscript>
writeOutput(later());
function later() { return "hoisted"; }
</cfscript>
