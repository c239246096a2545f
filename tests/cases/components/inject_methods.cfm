<cfscript>
t = new c_inject.Target();
t.extra = function(a, b) { return a + b; };
writeOutput(t.extra(2, 3) & chr(10));
t.greet = function() { return "replaced"; };
writeOutput(t.greet() & chr(10));
t.addHelper();
writeOutput(t.useHelper("me") & " " & t.exposed() & chr(10));
writeOutput(structKeyExists(t, "helper") & " " & structKeyExists(t, "exposed") & chr(10));
other = new c_inject.Target();
writeOutput(other.greet() & " " & structKeyExists(other, "extra") & chr(10));
</cfscript>
