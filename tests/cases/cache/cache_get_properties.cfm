<cfscript>
// cacheGetProperties: the default object cache's read counts and size, as Lucee names them.
before = cacheGetProperties()[1];
cachePut("rime-props-a", 1);
cachePut("rime-props-b", 2);
cacheGet("rime-props-a");
cacheGet("rime-props-missing");
p = cacheGetProperties("object")[1];
// Other cases may use the process-wide default cache at the same time: counts only grow.
writeOutput(p.objectType & " " & (p.size GTE 2) & " " & (p.hit_count - before.hit_count GTE 1) & " " & (p.miss_count - before.miss_count GTE 1) & "|");
writeOutput(arrayLen(cacheGetProperties()));
try { cacheGetProperties("nope"); } catch (any e) { writeOutput("|" & e.message); }
</cfscript>
