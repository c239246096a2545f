<cfscript>
cacheClear();
cachePut("m", "v", createTimeSpan(0, 0, 30, 0), createTimeSpan(0, 0, 0, 10));
m1 = cacheGetMetadata("m");
writeOutput(m1.hitcount & "|" & m1.timespan & "|" & m1.idletime & "|");
writeOutput(isDate(m1.createdtime) & "|" & isDate(m1.lasthit) & "|" & isDate(m1.lastupdated) & "|");
cacheGet("m");
cacheGet("missing");
cachePut("m", "w");
m2 = cacheGetMetadata("m");
// The entry: put (1), metadata, get, put, metadata.
writeOutput(m2.hitcount & "|");
// The cache: two reads hit (the metadata calls count as reads), one missed.
writeOutput((m2.cache_hitcount - m1.cache_hitcount) & "|" & (m2.cache_misscount - m1.cache_misscount) & "|");
writeOutput(m2.timespan & "|");
cachePut("plain", 1);
m3 = cacheGetMetadata("PLAIN");
writeOutput(m3.timespan & "|" & m3.idletime & "|");
try {
    cacheGetMetadata("missing");
} catch (any e) {
    writeOutput(e.message);
}
cacheClear();
</cfscript>
