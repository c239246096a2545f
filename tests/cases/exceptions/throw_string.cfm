<cfscript>
try {
  throw "plain message";
} catch (any e) {
  writeOutput(e.message & "|" & e.type);
}
</cfscript>
