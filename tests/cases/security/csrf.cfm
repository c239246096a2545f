<cfscript>
// Without session management there is no session to keep tokens in.
try {
    csrfGenerateToken();
    writeOutput("no error|");
} catch (any e) {
    writeOutput("error|");
}
try {
    csrfVerifyToken("abc");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
