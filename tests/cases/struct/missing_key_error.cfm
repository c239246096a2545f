<cfscript>
s = {a: 1};
writeOutput(s.nope);
</cfscript>
