<cfscript>
// A return inside finally wins over the try's return (and compiles: it used to recurse forever).
function a() { try { return 1; } finally { return 2; } }
function b() {
    var log = [];
    try {
        try { return "inner"; } finally { log.append("f1"); }
    } finally {
        log.append("f2");
        return log.toList();
    }
}
function c() {
    for (var i = 1; i <= 3; i++) {
        try { if (i == 2) break; } finally { if (i == 2) return "finally at " & i; }
    }
    return "loop ended";
}
writeOutput(a() & " " & b() & " " & c());
</cfscript>
