<cfscript>
s = structNew("ordered");
s["a"] = 1;
s["b"] = 2;
s["c"] = 3;
structEach(s, function(key, value) {
    writeOutput(key & "=" & value & ";");
});
writeOutput("|");
s.each(function(k, v, st) {
    writeOutput(structCount(st));
});
writeOutput("|");
m = structMap(s, function(k, v) { return v * 10; });
writeOutput(m.a & m.b & m.c & "|" & structCount(m) & "|");
f = structFilter(s, function(k, v) { return v >= 2; });
writeOutput(structCount(f) & f.keyExists("a") & f.keyExists("c") & "|");
r = structReduce(s, function(acc, k, v) { return acc + v; }, 0);
writeOutput(r & "|");
writeOutput(structSome(s, function(k, v) { return v > 2; }) & "|");
writeOutput(structEvery(s, function(k, v) { return v > 2; }) & "|");
writeOutput(s.some(function(k, v) { return k == "z"; }) & "|");
writeOutput(s.every(function(k, v) { return v > 0; }));
</cfscript>
