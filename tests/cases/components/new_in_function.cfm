<cfscript>
function make() { return new Builder(); }
writeOutput(make().add("q").build());
</cfscript>
