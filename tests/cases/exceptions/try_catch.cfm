<cfscript>
try {
  x = 1 / 0;
} catch (any e) {
  writeOutput("caught:" & e.type);
}
</cfscript>
