<cfscript>
person = [name: "Alice", age: 32, email: "alice@example.com"];
collectionEach(person, function(key, value, s) {
    writeOutput(key & "=" & value & "(" & structCount(s) & ") ");
});
writeOutput("|");
flags = collectionMap(person, function(key, value) { return isNumeric(value); });
writeOutput(flags.name & "," & flags.age & "," & flags.email & "|");
numeric = collectionFilter(person, function(key, value) { return isNumeric(value); });
writeOutput(structKeyList(numeric) & "|");
writeOutput(collectionReduce(person, function(acc, key, value) { return acc & left(key, 1); }, "") & "|");
writeOutput(collectionSome(person, function(key, value) { return find("@", value) > 0; }) & "|");
writeOutput(collectionEvery(person, function(key, value) { return len(value) > 1; }) & "|");
writeOutput(collectionEvery({}, function(key, value) { return false; }) & "|");
writeOutput(collectionSome({}, function(key, value) { return true; }));
</cfscript>
