<cfscript>
n = new Named();
writeOutput(n.id() & n.name() & isInstanceOf(n, "INamed") & isInstanceOf(n, "IBase"));
</cfscript>
