<cfscript>
listEach("a;b;c", function(element, index, list) { writeOutput("#index#:#element#;"); }, ";");
writeOutput("|");
writeOutput(listMap("a,b,c", function(v) { return uCase(v); }) & "|");
writeOutput(listFilter("1,2,3,4,5,6", function(item) { return item >= 3; }) & "|");
writeOutput(listReduce("1,3,5,7", function(prev, value) { return prev + value; }, 0) & "|");
writeOutput(listSome("apple,mango,orange,pear", function(fruit) { return findNoCase("n", fruit); }) & "|");
writeOutput(listEvery("4,5,6,7", function(value) { return value gt 2; }) & "|");
writeOutput(listEvery("1,2,3,4", function(value) { return value gt 2; }) & "|");
writeOutput("a,b".listMap(function(v, i) { return v & i; }) & "|");
listEach("x|y", function(v, i, l, d) { writeOutput(d); }, "|");
</cfscript>
