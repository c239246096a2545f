<cfscript>
function work() {
  var total = 0;
  thread name="inner" { total = 5; }
  thread action="join" name="inner";
  return total;
}
writeOutput(work());
</cfscript>
