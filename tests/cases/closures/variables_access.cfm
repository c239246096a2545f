<cfscript>
prefix = ">";
f = function(s) { return prefix & s; };
writeOutput(f("a"));
prefix = "##";
writeOutput(f("b"));
</cfscript>
