<cfscript>
// The cache functions over Redis: timespans, idle times, filters, counts, metadata.
cacheClear();
cachePut("short", 1, createTimeSpan(0, 0, 0, 1));
cachePut("idle", 2, 0, createTimeSpan(0, 0, 0, 1));
cachePut("keep_a", {a: 1});
cachePut("keep_b", [1, 2]);
out = [cacheCount(), cacheKeyExists("SHORT"), cacheIdExists("idle")];
out.append(arrayToList(cacheGetAllIds()));
out.append(structKeyList(cacheGetAll("keep_*")));
meta = cacheGetMetadata("short");
out.append(meta.timespan & "/" & meta.idletime);
sleep(600);
out.append(cacheGet("idle"));     // read: the idle time starts again
sleep(600);
out.append(isNull(cacheGet("short")) ? "short gone" : "short alive");
out.append(cacheGet("idle") ?: "idle gone");
sleep(1200);
out.append(cacheKeyExists("idle") ? "idle alive" : "idle gone");
out.append(cacheClear("keep_*"));
cacheDelete("nothing");
try { cacheDelete("nothing", true); } catch (any e) { out.append("delete: " & e.message); }
out.append(cacheCount());
writeOutput(arrayToList(out, " | "));
</cfscript>
