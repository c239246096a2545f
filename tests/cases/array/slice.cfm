<cfscript>
a = [1, 2, 3, 4, 5, 6, 7, 8];
writeOutput(arrayToList(arraySlice(a, 2, 3)) & "|");
writeOutput(arrayToList(arraySlice(a, 4)) & "|");
writeOutput(arrayToList(arraySlice(a, -5, 3)) & "|");
writeOutput(arrayToList(a.slice(2, 3)) & "|");
vehicles = ["Mustang", "Nova", "Celica", "Camry", "Tacoma", "Tundra", "Ram", "F-250"];
writeOutput(arrayToList(arrayMid(vehicles, 5)) & "|");
writeOutput(arrayToList(arrayMid(vehicles, 3, 4)) & "|");
months = ["Jan", "March", "April", "June"];
removed = arraySplice(months, 2, 0, ["Feb"]);
writeOutput(arrayToList(months) & "/" & arrayLen(removed) & "|");
months = ["Jan", "March", "April", "June"];
removed = arraySplice(months, 3, 2, ["Feb"]);
writeOutput(arrayToList(months) & "/" & arrayToList(removed) & "|");
months = ["Jan", "March", "April", "June"];
arraySplice(months, -3, 0, ["Feb"]);
writeOutput(arrayToList(months) & "|");
fruit = ["apple", "banana", "orange"];
veggies = ["tomato", "carrot", "corn", "peas", "peppers"];
writeOutput(arrayToList(arrayMerge(fruit, veggies)) & "|");
writeOutput(arrayToList(arrayMerge(fruit, veggies, true)) & "|");
writeOutput(arrayToList(arrayReverse([1, 2, 3])) & "|");
s = arrayToStruct(["a", "b"]);
writeOutput(structCount(s) & s[2]);
</cfscript>
