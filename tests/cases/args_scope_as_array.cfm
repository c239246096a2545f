<cfscript>
// The arguments scope is also an array (Lucee).
function count() { return arrayLen(arguments); }
writeOutput(count() & " " & count(1) & " " & count(1, 2, 3) & chr(10));
function joined() { return arrayToList(arguments, "|"); }
writeOutput(joined("a", "b", "c") & chr(10));
function rest(first) { return arraySlice(arguments, 2); }
writeOutput(serializeJSON(rest(1, 2, 3)) & chr(10));
// argumentCollection = arguments passes positional arguments on by position.
function inner(a, b) { return a & "-" & b; }
function outer() { return inner(argumentCollection = arguments); }
writeOutput(outer("x", "y") & chr(10));
function named(a, b) { return inner(argumentCollection = arguments); }
writeOutput(named(b = 2, a = 1) & chr(10));
</cfscript>
