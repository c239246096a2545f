<cfscript>
function viaLocal() {
    try { throw(message="boom", type="my.error"); }
    catch (any local.e) { return local.e.message & "/" & e.type; }
}
function viaVariables() {
    try { throw("bang"); }
    catch (any variables.lastError) { }
    return variables.lastError.message;
}
writeOutput(viaLocal() & " " & viaVariables());
</cfscript>
