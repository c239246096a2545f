<cfscript>
client.n = (client.n ?: 0) + 1;
writeOutput("n=#client.n# hits=#client.hitCount#");
</cfscript>
