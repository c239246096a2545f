<cfscript>
news = queryNew("id,title", "integer,varchar", [[1, "a"], [2, "b"]]);
writeOutput(serializeJSON(valueArray(news, "id")) & "|" & serializeJSON(valueArray(news, "title")) & chr(10));
try {
    valueArray(news, "nope");
} catch (any e) {
    writeOutput("missing column" & chr(10));
}
coll = [{ id: 0, name: "me" }, { id: 1, name: "you" }];
each(coll, function(item, i) { writeOutput(i & "=" & item.name & " "); }, true);
writeOutput(chr(10));
each({ a: 1 }, function(k, v) { writeOutput(k & "=" & v); });
writeOutput(chr(10));
each(news, function(row, n) { writeOutput(n & ":" & row.title & " "); });
writeOutput(chr(10));
writeOutput(isNull(each([1], function() {})));
try {
    each("a,b", function() {});
} catch (any e) {
    writeOutput(" string not iterable");
}
</cfscript>
