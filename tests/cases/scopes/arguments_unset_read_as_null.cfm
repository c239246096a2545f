<cfscript>
// An arguments scope passed on as a struct: a declared argument given no value reads as null
// (Lucee's ArgumentImpl.get), as ColdBox's HTMLHelper relies on when it walks its arguments.
function f(name = "", numeric cols, x = 1) {
    return g(arguments);
}
function g(required struct target) {
    var out = "";
    for (var key in arguments.target) {
        out &= key & ":" & isStruct(arguments.target[key]) & ":" & isNull(arguments.target[key]) & " ";
    }
    return out;
}
writeOutput(f(name = "a"));
</cfscript>
