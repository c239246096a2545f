<cfscript>
out = "";
for (item in "a,b,c") out &= "[" & item & "]";
writeOutput(out);
</cfscript>
