<cfscript>
// A method of one instance assigned to another runs against the receiver (Lucee).
b = new c_mixin.B();
b.whoami = new c_mixin.A().whoami;
writeOutput(b.whoami() & chr(10));
writeOutput(invoke(b, "whoami") & chr(10));
// Called on its own, a method taken from an instance keeps that instance.
a = new c_mixin.A();
f = a.whoami;
writeOutput(f() & chr(10));
</cfscript>
