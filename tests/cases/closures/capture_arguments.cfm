<cfscript>
function adder(n) {
  return function(x) { return x + n; };
}
add5 = adder(5);
writeOutput(add5(10) & "," & adder(1)(1));
</cfscript>
