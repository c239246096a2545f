<cfscript>
function f() {
    var a[1] = "x";
    var s["k"] = "v";
    var deep.er.path = 3;
    return a[1] & s.k & deep.er.path & local.deep.er.path;
}
writeOutput(f());
</cfscript>
