<cfscript>
before = c_static.Tally::created;
a = new c_static.Tally();
b = new c_static.Tally();
c = new c_static.Tally();
writeOutput((a.getId() - before) & "," & (b.getId() - before) & "," & (c.getId() - before) & chr(10));
writeOutput((a.total() - before) & " " & (c.total() - before) & chr(10));
writeOutput((c_static.Tally::created - before) & chr(10));
</cfscript>
