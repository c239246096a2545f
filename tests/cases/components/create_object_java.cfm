<cfscript>
try { createObject("java", "java.lang.String"); } catch (any e) { writeOutput(e.type); }
</cfscript>
