<cfscript>
function up(s) { return uCase(s); }
x = "abc";
writeOutput("[#up(x)#] [#len(x)#] [#x & 'd'#]");
</cfscript>
