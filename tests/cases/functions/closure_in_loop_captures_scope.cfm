<cfscript>
function build() {
  var fns = [];
  for (var i = 1; i <= 3; i++) {
    arrayAppend(fns, function() { return i; });
  }
  var out = "";
  for (var f in fns) out &= f();
  return out;
}
writeOutput(build());
</cfscript>
