<cfscript>
function nothing() { }
x = nothing();
writeOutput(isNull(x));
function early(n) { if (n > 1) return "big"; return "small"; }
writeOutput("," & early(2) & early(0));
</cfscript>
