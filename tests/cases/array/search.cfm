<cfscript>
fruit = ["orange", "pineapple", "apple"];
writeOutput(arrayFind(fruit, "apple") & "|");
writeOutput(arrayFind(fruit, "Apple") & "|");
writeOutput(arrayFindNoCase(fruit, "Apple") & "|");
writeOutput(fruit.find("pineapple") & "|");
writeOutput(arrayContains(fruit, "apple") & "|");
writeOutput(arrayContains(fruit, "APPLE") & "|");
writeOutput(arrayContainsNoCase(fruit, "APPLE") & "|");
writeOutput(arrayContains(fruit, "pine", true) & "|");
a = [5, 4, 3, 2, 1];
writeOutput(arrayFind(a, function(item) { return item == 2; }) & "|");
writeOutput(arrayFind(a, "3") & "|");
list = ["apple", "banana", "apple", "orange", "Apple"];
writeOutput(arrayToList(arrayFindAll(list, "apple")) & "|");
writeOutput(arrayToList(arrayFindAllNoCase(list, "APPLE")) & "|");
writeOutput(arrayToList(list.findAll(function(item) { return len(item) > 5; })));
</cfscript>
