<cfscript>
writeOutput(new Builder().add("a").add("b").add("c").build("-"));
</cfscript>
