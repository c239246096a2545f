<cfscript>
c = new c_shared.Child();
writeOutput(c.baseReads() & c.childReads() & chr(10));
writeOutput(c.add("x").trailText() & chr(10));
l = new c_shared.Leaf();
writeOutput(l.leafReads() & " " & l.trailText() & chr(10));
</cfscript>
