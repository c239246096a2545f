<cfscript>
s = {a: 1};
writeOutput("x" & s);
</cfscript>
