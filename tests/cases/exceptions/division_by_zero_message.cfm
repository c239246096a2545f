<cfscript>
try { x = 5 / 0; } catch (any e) { writeOutput(e.message); }
</cfscript>
