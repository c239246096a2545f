<cfscript>
writeOutput(isNull(debugAdd("timing", { ms: 3 })) & chr(10));
writeOutput(getEncoding("form") & "," & getEncoding("URL") & chr(10));
setEncoding("form", "utf-8");
setEncoding("url", "UTF8");
try {
    setEncoding("form", "iso-8859-1");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    getEncoding("cookie");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
// Without a session there is no token to add.
writeOutput(urlSessionFormat("page.cfm?a=1") & chr(10));
</cfscript>
