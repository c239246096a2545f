<cfscript>
p = new Person("Cy");
writeOutput(p.revealSecret());
</cfscript>
