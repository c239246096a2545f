<cfscript>
b = arrayNew(1);
arraySet(b, 1, 3, "z");
writeOutput(arrayToList(b) & "|");
c = ["Spider-Man", "Green Goblin", "Doctor Octopus", "Venom"];
arraySwap(c, 1, 3);
writeOutput(arrayToList(c) & "|");
arrayResize(c, 6);
writeOutput(arrayLen(c) & "|" & arrayIsDefined(c, 4) & "|" & arrayIsDefined(c, 5) & "|" & arrayIndexExists(c, 7) & "|");
d = ["apple", "orange", "pear", "apple"];
arrayDelete(d, "apple");
writeOutput(arrayToList(d) & "|");
e = ["apple", "orange", "pear", "apple"];
e.delete("apple", "all");
writeOutput(arrayToList(e) & "|");
f = ["apple", "orange", "pear", "Apple"];
arrayDeleteNoCase(f, "APPLE");
writeOutput(arrayToList(f) & "|");
g = [1, 2, 42];
writeOutput(arrayPop(g) & "|" & arrayLen(g) & "|");
writeOutput(arrayShift(g) & "|" & arrayToList(g) & "|");
writeOutput(arrayPush(g, 7) & "|" & arrayUnshift(g, 0) & "|" & arrayToList(g) & "|");
writeOutput(arrayFirst(g) & "|" & g.last() & "|");
h = [];
writeOutput(arrayPop(h, "empty"));
</cfscript>
