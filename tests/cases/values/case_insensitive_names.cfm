<cfscript>
myVar = 1;
writeOutput(MYVAR + myvar + MyVar);
function MyFunc() { return "f"; }
writeOutput(myfunc() & MYFUNC());
</cfscript>
