<cfscript>
// A struct stored in itself, 200 times.
for (i = 1; i <= 200; i++) {
    s = {};
    s.me = s;
    s.blob = repeatString("x", 1000);
}
writeOutput("ok");
</cfscript>
