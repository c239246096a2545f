<cfscript>
function joinAll(arr) {
  var out = "";
  for (var x in arr) { out &= x; }
  return out;
}
writeOutput(joinAll(["x", "y"]));
writeOutput("," & isDefined("x"));
</cfscript>
