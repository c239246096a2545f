<cfscript>
cacheClear("", "local");
cacheClear("", "other");
cachePut("k", "in local");
cachePut("k", "in other", createTimeSpan(0, 0, 1, 0), 0, "other");
writeOutput("default object cache: " & cacheGet("k") & "<br>");
writeOutput("named: " & cacheGet("k", false, "other") & "<br>");
writeOutput("built-in default: " & (cacheGet("k", false, "default") ?: "absent") & "<br>");
writeOutput("counts: " & cacheCount() & "," & cacheCount("other") & "<br>");
try {
    cacheGet("k", false, "nosuch");
} catch (any e) {
    writeOutput(e.message & "<br>");
}
s = getApplicationSettings();
writeOutput("settings: " & structKeyList(s.caches) & " " & s.cache.object & "<br>");
</cfscript>
