<cfscript>
u = createULID();
writeOutput(len(u) & "|");
writeOutput(reFind("^[0-9A-HJKMNP-TV-Z]{26}$", u) & "|");
writeOutput((createULID("hash", 1, "x") EQ createULID("hash", 1, "x")) & "|");
writeOutput(left(createULID("hash", 0, "abc"), 10) & "|");
m1 = createULID("monotonic");
m2 = createULID("monotonic");
writeOutput((m1 NEQ m2) & "|");
a = createUniqueId();
b = createUniqueId();
writeOutput((a NEQ b) & "|");
try {
    createULID("nonsense");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
