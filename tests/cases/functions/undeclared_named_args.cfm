<cfscript>
// Named arguments a function does not declare are in its arguments scope and found unscoped,
// whether or not the function uses `arguments` as a whole.
function f(a) { return arguments.extra & arguments.a; }
function g() { return extra; }
c = function() { return reverse(instance); };
writeOutput(f(a = 1, extra = "X") & " " & g(extra = "Y") & " " & c(instance = "123"));
function keys(a) { return listSort(structKeyList(arguments), "textnocase"); }
writeOutput(" " & keys(a = 1, b = 2) & " " & keys(1));
function count(a) { return arguments.len(); }
writeOutput(" " & count(a = 1, b = 2, c = 3));
</cfscript>
<cfscript>
// A default that reads another argument sees it when undeclared ones are passed too.
function cols(required data, columnlist = arguments.data) {
  var all = arguments;
  return "cols=" & arguments.columnlist & ":" & structCount(all);
}
writeOutput(" " & cols(data = "D") & " " & cols(data = "D", extra = 1));
</cfscript>
