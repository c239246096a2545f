<cfscript>
c = new Config();
f = c.url;
writeOutput(f());
</cfscript>
