<cfscript>
x = new InitReturnsOther();
writeOutput(x.replaced);
</cfscript>
