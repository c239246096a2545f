<cfscript>
x = new "Person"("Str");
writeOutput(x.getName());
</cfscript>
