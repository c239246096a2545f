<cfscript>
s = [a: 1, b: 2, c: 3];
total = 0;
keys = "";
for (k in s) { keys &= k; total += s[k]; }
writeOutput(keys & total);
</cfscript>
