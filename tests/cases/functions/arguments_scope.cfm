<cfscript>
function f(a, b) {
  return arguments[1] & arguments.b & structCount(arguments) & arguments["a"];
}
writeOutput(f("p", "q"));
function g() { return structCount(arguments) & arguments[2]; }
writeOutput("," & g("x", "y", "z"));
</cfscript>
