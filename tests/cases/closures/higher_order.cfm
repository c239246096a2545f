<cfscript>
function map(arr, fn) {
  var out = [];
  for (var x in arr) out[arrayLen(out) + 1] = fn(x);
  return out;
}
r = map([1, 2, 3], function(v) { return v * 10; });
writeOutput(r[1] & r[2] & r[3]);
</cfscript>
