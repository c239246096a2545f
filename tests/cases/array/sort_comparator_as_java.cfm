<cfscript>
// Lucee sorts with Java's TimSort: a comparator that always answers -1 reverses the array
// (TestBox orders its beforeEach/aroundEach closures this way), 1 or 0 keeps it as it is.
a = [1, 2, 3, "four", 5];
arraySort(a, function(x, y) { return -1; });
writeOutput(arrayToList(a) & "|");
b = [1, 2, 3];
arraySort(b, function(x, y) { return 1; });
writeOutput(arrayToList(b) & "|");
long = [];
for (i = 1; i <= 40; i++) arrayAppend(long, i);
long.sort(function(x, y) { return -1; });
writeOutput(long[1] & "," & long[40] & "|");
// A consistent comparator: stable (equal keys keep their order).
people = [{n: "b", a: 2}, {n: "a", a: 1}, {n: "c", a: 2}, {n: "d", a: 1}];
arraySort(people, function(x, y) { return compare(x.a, y.a); });
for (p in people) writeOutput(p.n);
</cfscript>
