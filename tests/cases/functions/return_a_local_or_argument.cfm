<cfscript>
// `return name;` of a local or an argument (one instruction): the value, a copy of a number,
// the same array, and the error of an argument that was not passed.
function id(x) { return x; }
function localCopy() { var n = 41; var m = n; m++; return n; }
function same(a) { var b = a; return b; }
writeOutput(id(7) & " " & id("s") & " " & localCopy() & "<br>");
arr = [1];
got = same(arr);
arrayAppend(got, 2);
writeOutput(arrayLen(arr) & "<br>");
try {
    id();
    writeOutput("no error");
} catch (any e) {
    writeOutput(e.type & ": " & e.message);
}
</cfscript>
