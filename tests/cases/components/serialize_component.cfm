<cfscript>
// Lucee: public data members first, then declared property values (own, then inherited);
// methods and properties that were never set are left out.
a = new json.Article("Hello");
writeOutput(serializeJSON(a) & chr(10));
a.setId(7);
a.setCreatedBy("ann");
writeOutput(serializeJSON(a) & chr(10));
u = new User();
u.setFirstName("Ada");
writeOutput(serializeJSON(u) & chr(10));
writeOutput(serializeJSON({ items: [a] }) & chr(10));
plain = new Counter();
plain.increment();
writeOutput(serializeJSON(plain) & chr(10));
back = deserializeJSON(serializeJSON(a));
writeOutput(back.title & " " & back.id & " " & arrayToList(back.tags) & chr(10));
</cfscript>
