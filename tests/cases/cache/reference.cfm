<cfscript>
cacheClear();
// The RAM cache keeps the value itself, not a copy.
data = {name: "ann", tags: ["a"]};
cachePut("data", data);
data.name = "bob";
got = cacheGet("data");
writeOutput(got.name & "|");
got.tags.append("b");
writeOutput(arrayLen(data.tags) & "|");
cacheGet("data").extra = 1;
writeOutput(structKeyExists(data, "extra") & "|");
// A put replaces the value.
cachePut("data", [1, 2, 3]);
writeOutput(arrayLen(cacheGet("data")) & "|");
// Closures can be cached and called.
cachePut("fn", function(x) { return x * 2; });
f = cacheGet("fn");
writeOutput(f(21));
cacheClear();
</cfscript>
