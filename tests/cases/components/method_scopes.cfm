<cfscript>
b = new c_scopes.Box();
writeOutput(b.show() & chr(10));
writeOutput(b.show("passed") & chr(10));
writeOutput(b.show(x = "named") & chr(10));
writeOutput(b.shadow() & chr(10));
writeOutput(b.x & chr(10));
writeOutput(b.setLoose().readLoose() & chr(10));
writeOutput(structKeyExists(b, "loose") & chr(10));
writeOutput(b.counter() & b.counter() & chr(10));
b.x = "changed";
writeOutput(b.shadow() & chr(10));
</cfscript>
