<cfscript>
a = new tagc.Account();
writeOutput(structKeyExists(a, "deposit") & "|" & structKeyExists(a, "audit") & "|" & structKeyExists(a, "balance"));
</cfscript>
