<cfscript>
s = [a: 1, b: 2, c: 3];
writeDump(var = s, show = "a,c");
writeDump(var = s, hide = "B");
writeDump(var = s, keys = 1);
writeDump(var = queryNew("x,y", "integer,integer", [[1, 2]]), show = "y");
writeDump(var = "not shown", enabled = false);
try {
    writeDump(var = 1, output = "/tmp/dump.txt");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    writeDump(var = "caught?", abort = true);
} catch (any e) {
    writeOutput("abort is not an error");
}
writeOutput("never written");
</cfscript>
