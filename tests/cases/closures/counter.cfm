<cfscript>
function makeCounter() {
  var count = 0;
  return function() { count++; return count; };
}
c1 = makeCounter();
c2 = makeCounter();
c1(); c1();
writeOutput(c1() & "," & c2());
</cfscript>
