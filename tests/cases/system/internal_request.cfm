<cfscript>
r = internalRequest(template = "_internal/target.cfm", url = {a: 1}, headers = {"X-H": "hv"});
writeOutput(r.filecontent & " | " & r.status_code & " " & r.status & " | " & r.headers["X-Answer"]
    & " | " & r.cookies.flavour & " | " & r.request.seen & " | " & isNumeric(r.executionTime) & chr(10));
r = internalRequest(template = "_internal/target.cfm", method = "post", form = "b=2&c=3", body = "raw");
writeOutput(r.filecontent & chr(10));
r = internalRequest(template = "_internal/target.cfm", url = "fail=1", throwonerror = false);
writeOutput(r.status_code & " " & r.error.type & " " & r.error.message & chr(10));
try {
    internalRequest(template = "_internal/target.cfm", url = {fail: 1});
} catch (custom.boom e) {
    writeOutput("thrown: " & e.message & chr(10));
}
try {
    internalRequest(template = "_internal/target.cfm", method = "FETCH");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
writeOutput(isFlushed());
</cfscript>
