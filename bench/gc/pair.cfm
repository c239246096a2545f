<cfscript>
// Two structs that refer to each other, 200 times.
for (i = 1; i <= 200; i++) {
    a = {blob: repeatString("x", 1000)};
    b = {a: a};
    a.b = b;
}
writeOutput("ok");
</cfscript>
