<cfscript>
m = [[1, 2], [3, 4]];
writeOutput(m[2][1] + m[1][2]);
m[1][1] = 7;
writeOutput("," & m[1][1]);
</cfscript>
