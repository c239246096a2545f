<cfscript>
// a line comment
x = 1; /* block
comment */ y = 2;
/** doc comment */
writeOutput(x + y); // trailing
</cfscript>
