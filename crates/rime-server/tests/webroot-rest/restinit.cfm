<cfscript>
// Register (or drop) a REST mapping at run time, as Lucee applications do in onApplicationStart.
if (url.action == "init") {
    restInitApplication(expandPath("tools"), "dyn");
} else {
    restDeleteApplication(expandPath("tools"));
}
writeOutput("ok");
</cfscript>
