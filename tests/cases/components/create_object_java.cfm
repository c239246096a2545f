<cfscript>
try { createObject("java", "lucee.runtime.PageSourceImpl"); } catch (any e) { writeOutput(e.type); }
</cfscript>
