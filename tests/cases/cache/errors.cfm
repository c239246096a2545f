<cfscript>
cacheClear();
function attempt(f, boolean showMessage = true) {
    try {
        f();
        writeOutput("ok|");
    } catch (any e) {
        writeOutput((showMessage ? e.message : "error") & "|");
    }
}
attempt(() => cacheGet("nope", true));
attempt(() => cachePut("a", 1, 0, 0, "other"));
attempt(() => cacheCount("other"));
attempt(() => cacheGet("a", "other"), false);
attempt(() => cacheDelete("nope", true));
attempt(() => cacheDelete("nope"));
attempt(() => cacheRemove("x,y", true));
attempt(() => cacheRemove("x,y"));
attempt(() => cacheGetDefaultCacheName("query"));
attempt(() => cacheGetDefaultCacheName("bogus"), false);
writeOutput(isNull(cacheGet("nope", false)));
</cfscript>
