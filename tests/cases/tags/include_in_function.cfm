<cfscript>
function f() {
  var loc = "L";
  include "_inc/uses_local.cfm";
  return loc2;
}
writeOutput(f());
</cfscript>
