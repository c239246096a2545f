<cfscript>
// javacast("null", …) takes an empty string or a number whose integer part is 0, as Lucee's
// Caster.toNull does (FW/1 writes javacast("null", 0)); anything else is an error.
writeOutput(isNull(javacast("null", 0)) & " " & isNull(javacast("null", "")) & " " & isNull(javacast("null", "  ")));
try { javacast("null", 5); writeOutput(" no error"); } catch (any e) { writeOutput(" error"); }
try { javacast("null", "x"); writeOutput(" no error"); } catch (any e) { writeOutput(" error"); }
</cfscript>
