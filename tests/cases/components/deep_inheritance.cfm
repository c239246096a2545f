<cfscript>
o = new deep.L4();
writeOutput(o.who() & "|" & o.chain() & "|" & o.trail());
</cfscript>
