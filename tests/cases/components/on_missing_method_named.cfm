<cfscript>
p = new Proxy();
writeOutput(p.doThing(b = 1, a = 2) & "|" & p.other());
</cfscript>
