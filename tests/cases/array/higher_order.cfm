<cfscript>
letters = ["a", "b", "c", "d"];
arrayEach(letters, function(element, index) {
    writeOutput("#index#:#element#;");
});
writeOutput("|");
letters.each(function(element, index, arr) {
    writeOutput(arrayLen(arr));
});
writeOutput("|");
complexData = [{a: 4}, {a: 18}, {a: 51}];
writeOutput(arrayToList(arrayMap(complexData, function(item) { return item.a; })) & "|");
writeOutput(arrayToList([1, 2, 3].map(function(v, i) { return v * i; })) & "|");
writeOutput(arrayToList(arrayFilter([1, 2, 3, 4, 5], function(v) { return v % 2; })) & "|");
sum = arrayReduce(complexData, function(prev, element) { return prev + element.a; }, 0);
writeOutput(sum & "|");
writeOutput([1, 2, 3].reduce(function(acc, v, i) { return acc & v & i; }, "") & "|");
writeOutput(arraySome(["apple", "mango"], function(f) { return left(f, 1) == "m"; }) & "|");
writeOutput(arrayEvery([4, 5, 6, 7], function(v) { return v gt 2; }) & "|");
writeOutput(arrayEvery([1, 2, 3, 4], function(v) { return v gt 2; }) & "|");
count = 0;
arraySome([1, 2, 3, 4], function(v) { count++; return v == 2; });
writeOutput(count);
</cfscript>
