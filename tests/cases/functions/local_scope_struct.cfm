<cfscript>
function f() {
  var a = 1;
  local.b = 2;
  var keys = listSort(structKeyList(local), "textnocase");
  return keys;
}
writeOutput(f());
</cfscript>
