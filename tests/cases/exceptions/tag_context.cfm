<cfscript>
try {
  x = undefinedVariable;
} catch (any e) {
  writeOutput(e.tagContext[1].line & "|" & e.message);
}
</cfscript>
