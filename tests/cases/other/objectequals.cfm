<cfscript>
a = {name: "x", list: [1, 2, {deep: true}]};
b = {NAME: "X", LIST: [1, 2, {DEEP: "yes"}]};
writeOutput(objectEquals(a, b) & chr(10));
writeOutput(objectEquals([1, 2], [1, 2, 3]) & chr(10));
writeOutput(objectEquals({a: 1}, {b: 1}) & chr(10));
writeOutput(objectEquals("abc", "ABC") & chr(10));
writeOutput(objectEquals(1, "1") & chr(10));
writeOutput(objectEquals([1], "1") & chr(10));
writeOutput(objectEquals(a, a) & chr(10));
</cfscript>
