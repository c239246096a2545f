<cfscript>
x = "global";
function f() {
  var x = "local";
  return x & "/" & variables.x;
}
writeOutput(f());
</cfscript>
