<cfscript>
s = [z: 1, a: 2, m: 3];
for (k in s) writeOutput(k);
e = [:];
e.q = 1;
for (k in e) writeOutput("," & k);
</cfscript>
