<cfscript>
param name="z" default=5;
param y = 7;
y2 = 1;
param y2 = 9;
writeOutput(z & y & y2);
</cfscript>
