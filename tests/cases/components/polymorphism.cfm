<cfscript>
c = new Child();
writeOutput(c.template() & "|" & c.created & "|" & c.getLog());
</cfscript>
