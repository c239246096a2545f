<cfscript>
function outer() {
  var a = "A";
  return function() {
    var b = "B";
    return function() { return a & b; };
  };
}
writeOutput(outer()()());
</cfscript>
