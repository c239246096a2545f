<cfscript>
// restSetResponse only works inside a REST method; elsewhere it is an application error.
try {
    restSetResponse({ status: 201 });
    writeOutput("no error");
} catch (application e) {
    writeOutput("caught: " & e.message);
}
</cfscript>
