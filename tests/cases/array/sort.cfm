<cfscript>
n = [10, 20, -99, 46, 50];
arraySort(n, "numeric", "desc");
writeOutput(serializeJSON(n) & "|");
writeOutput(arraySort(n, "numeric") & "|" & arrayToList(n) & "|");
t = ["COLDFUSION", "coldfusion", "adobe", "LucEE", "RAILO"];
t.sort("text", "desc");
writeOutput(serializeJSON(t) & "|");
u = ["b", "B", "a", "A", "c"];
arraySort(u, "text");
writeOutput(arrayToList(u) & "|");
v = ["banana", "Apple", "cherry"];
arraySort(v, "textnocase");
writeOutput(arrayToList(v) & "|");
people = [{"name": "testemployee", "age": 32}, {"name": "employeetest", "age": 36}];
arraySort(people, function(e1, e2) { return compare(e1.name, e2.name); });
writeOutput(people[1].name & "|");
w = [3, 1, 2];
arraySort(w, function(a, b) { return b - a; });
writeOutput(arrayToList(w) & "|");
try {
    arraySort(w, "sideways");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
