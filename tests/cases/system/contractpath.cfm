<cfscript>
writeOutput(contractPath(getCurrentTemplatePath()) & "|");
writeOutput(contractPath(expandPath("/system/")) & "|");
writeOutput(contractPath("/no/such/file/anywhere.cfm") & "|");
writeOutput(contractPath(expandPath("./contractpath.cfm"), true));
</cfscript>
