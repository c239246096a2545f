<cfscript>
function f() {
  var x = 1;
  x = x + 1;
  local.y = 10;
  return x + y;
}
writeOutput(f());
writeOutput("," & isDefined("x") & "," & isDefined("y"));
</cfscript>
