<cfscript>
a = new tagc.Account();
md = getMetadata(a);
writeOutput(md.displayname & "|" & md.hint);
</cfscript>
