<cfscript>
p = new Person("Vi");
f = p.getName;
writeOutput(isCustomFunction(f) & "|" & structKeyExists(p, "getName") & "|" & structKeyExists(p, "nope"));
</cfscript>
