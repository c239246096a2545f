<cfscript>
a = [1, 2, 3];
writeOutput(arrayLen(a) & "|");
arrayAppend(a, 4);
writeOutput(arrayToList(a) & "|");
writeOutput(arrayAppend(a, 5) & "|");
arrayPrepend(a, 0);
writeOutput(a.toList() & "|");
arrayInsertAt(a, 2, "x");
writeOutput(a.toList("-") & "|");
arrayDeleteAt(a, 2);
writeOutput(a.toList() & "|");
writeOutput(a.len() & "|");
arrayAppend(a, [6, 7], true);
writeOutput(a.toList() & "|");
arrayAppend(a, [8, 9]);
writeOutput(arrayLen(a) & "|" & isArray(a[9]) & "|");
arrayClear(a);
writeOutput(arrayLen(a) & "|" & arrayIsEmpty(a) & "|" & a.isEmpty());
</cfscript>
