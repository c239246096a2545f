<cfscript>
f = function(first, second = "S") { return first & second; };
writeOutput(f(second = "2", first = "1") & f("a"));
</cfscript>
