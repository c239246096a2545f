<cfscript>
function sumAll(arr) {
  var total = 0;
  var add = function(x) { total += x; };
  for (var v in arr) add(v);
  return total;
}
writeOutput(sumAll([1, 2, 3, 4]));
</cfscript>
