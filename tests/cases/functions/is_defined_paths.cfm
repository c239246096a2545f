<cfscript>
a.b.c = 1;
writeOutput(isDefined("a") & isDefined("a.b") & isDefined("a.b.c") & isDefined("a.b.x") & isDefined("variables.a.b") & isDefined("nope"));
function f(arg) { var loc = 1; return isDefined("loc") & isDefined("arg") & isDefined("arguments.arg"); }
writeOutput("," & f(5));
</cfscript>
