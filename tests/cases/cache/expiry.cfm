<cfscript>
cacheClear();
// 0.000005 days is 432 ms; createTimeSpan gives day fractions too.
cachePut("short", 1, 0.000005);
cachePut("idle", 2, createTimeSpan(0, 0, 0, 0), 0.000005);
cachePut("long", 3, createTimeSpan(0, 1, 0, 0), createTimeSpan(0, 0, 30, 0));
cachePut("forever", 4, 0, 0);
writeOutput(cacheCount() & "|");
sleep(250);
writeOutput(cacheGet("idle") & "|");
sleep(250);
// "short" was written 500 ms ago; "idle" was read 250 ms ago.
writeOutput(cacheKeyExists("short") & "|" & cacheKeyExists("idle") & "|");
sleep(500);
writeOutput(cacheKeyExists("idle") & "|" & cacheCount() & "|");
ids = cacheGetAllIds();
arraySort(ids, "text");
writeOutput(arrayToList(ids));
cacheClear();
</cfscript>
