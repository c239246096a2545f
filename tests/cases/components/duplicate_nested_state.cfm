<cfscript>
a = new c_dup.Basket();
a.add("apple").add("pear");
a.owner = "ann";
b = duplicate(a);
b.add("plum");
b.owner = "bob";
writeOutput(a.list() & " " & a.owner & chr(10));
writeOutput(b.list() & " " & b.owner & chr(10));
writeOutput(isInstanceOf(b, "Basket") & " " & isObject(b) & " " & getMetadata(b).name & chr(10));
c = a;
c.add("fig");
writeOutput(a.count() & " " & b.count() & chr(10));
</cfscript>
