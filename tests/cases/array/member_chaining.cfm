<cfscript>
a = [];
a.append(1).append(2).prepend(0);
writeOutput(a.len() & ":" & a.toList());
s = {};
s.insert("a", 1).insert("b", 2);
writeOutput("|" & s.count());
writeOutput("|" & arrayAppend([], 5));
</cfscript>
