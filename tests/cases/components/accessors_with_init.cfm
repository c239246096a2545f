<cfscript>
c = new Config();
writeOutput(c.url());
c2 = new Config(host = "example.com", port = 443);
writeOutput("|" & c2.url());
c3 = new Config(argumentCollection = {port: 81});
writeOutput("|" & c3.url());
</cfscript>
