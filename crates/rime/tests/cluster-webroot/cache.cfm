<cfscript>
if (url.keyExists("put")) {
    cachePut("greeting", {text: url.put, at: createDate(2025, 1, 2)}, createTimeSpan(0, 0, 5, 0));
}
g = cacheGet("greeting");
writeOutput(server.system.environment.RIME_INSTANCE & "|" & (isNull(g) ? "none" : g.text & "@" & dateFormat(g.at, "yyyy-mm-dd")));
writeOutput("|" & cacheKeyExists("greeting") & "|" & arrayToList(cacheGetAllIds("greet*")));
</cfscript>
