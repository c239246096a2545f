<cfscript>
function needsArray(array a) { return 1; }
needsArray("nope");
</cfscript>
