<cfscript>
s = new SubConfig();
s.setPath("/api");
writeOutput(s.url() & "|" & s.getHost());
</cfscript>
