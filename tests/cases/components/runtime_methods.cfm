<cfscript>
c = new Counter();
c.extra = function() { return "added"; };
writeOutput(c.extra());
f = c.value;
writeOutput("|" & structKeyExists(c, "increment") & "|" & structKeyExists(c, "count"));
</cfscript>
