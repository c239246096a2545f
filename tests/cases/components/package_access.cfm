<cfscript>
v = new pkg.Vault();
writeOutput(v.reveal() & chr(10));
writeOutput(new pkg.Clerk().ask(v) & chr(10));
writeOutput(new pkg.SubVault().inherited() & chr(10));
writeOutput(structKeyExists(v, "secret") & chr(10));
try {
    new Outsider().ask(v);
} catch (expression e) {
    writeOutput("outsider: " & e.message & chr(10));
}
try {
    v.secret();
} catch (any e) {
    writeOutput("page: " & e.type & chr(10));
}
try {
    v.hidden();
} catch (any e) {
    writeOutput("private: " & e.message & chr(10));
}
</cfscript>
