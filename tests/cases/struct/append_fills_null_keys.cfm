<cfscript>
// structAppend(dest, src, false) fills a key of dest that holds null, as a missing one (Lucee
// tests `get(key, null) == null`): an arguments scope appended with its unpassed arguments.
function f(numeric a, numeric b) {
  var c = {};
  structAppend(c, arguments);
  structAppend(c, {a: 9, b: 2, z: 3}, false);
  return c;
}
r = f(a = 1);
writeOutput("a=#r.a# b=#r.b# z=#r.z#");
// s[k] = a function's missing result stores null.
function nothing() {}
s = {};
s["k"] = nothing();
writeOutput(" isNull=" & isNull(s.k) & " exists=" & structKeyExists(s, "k"));
arr = [1];
arr[2] = nothing();
writeOutput(" len=" & arrayLen(arr));
</cfscript>
