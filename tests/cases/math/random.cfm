<cfscript>
r = rand();
writeOutput((r >= 0 && r < 1) & "|");
ok = true;
for (i = 1; i <= 50; i++) {
    v = randRange(1, 3);
    if (v < 1 || v > 3 || v != int(v)) ok = false;
}
writeOutput(ok & "|");
randomize(5);
a = rand();
randomize(5);
b = rand();
writeOutput(a == b);
</cfscript>
