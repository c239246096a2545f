<cfscript>
people = [{name: "Alice", age: 32}, {name: "Bob", age: 29}, {name: "Eve", age: 41}];
collectionEach(people, function(p, i, arr) {
    writeOutput(i & ":" & p.name & "/" & arrayLen(arr) & " ");
});
writeOutput("|");
names = collectionMap(people, function(p) { return p.name; });
writeOutput(arrayToList(names) & "|");
older = collectionFilter(people, function(p) { return p.age > 30; });
writeOutput(arrayLen(older) & ":" & older[2].name & "|");
writeOutput(collectionReduce([1, 3, 4, 5], function(a, b) { return a + b^2; }, 0) & "|");
writeOutput(collectionReduce(["a", "b"], function(acc, v, i) { return acc & v & i; }, "") & "|");
writeOutput(collectionSome(people, function(p) { return p.age > 40; }) & "|");
writeOutput(collectionSome(people, function(p) { return p.age > 50; }) & "|");
writeOutput(collectionEvery(people, function(p) { return p.age > 20; }) & "|");
writeOutput(collectionEvery(people, function(p) { return p.age > 30; }));
</cfscript>
