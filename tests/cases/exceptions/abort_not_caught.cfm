<cfscript>
try {
  writeOutput("a");
  abort;
} catch (any e) {
  writeOutput("caught");
}
writeOutput("b");
</cfscript>
