<cfscript>
writeOutput(serialize({ "firstName": "John", "lastName": "Doe" }) & chr(10));
writeOutput(serialize([1, "two", true, 2.5, [], {}]) & chr(10));
writeOutput(serialize('say "hi" ##1') & chr(10));
o = [:];
o.b = 1;
o.a = 2;
writeOutput(serialize(o) & chr(10));
q = queryNew("id,name", "integer,varchar", [[1, "a"], [2, "b"]]);
writeOutput(serialize(q) & chr(10));
writeOutput(serialize(createDateTime(2024, 3, 5, 14, 7, 9)).reReplace('"[^"]+"\)$', '"zone")') & chr(10));
// evaluate() reads the notation back.
back = evaluate(serialize({ "k": [1, { "n": "x" }], "s": "a##b" }));
writeOutput(back.k[2].n & back.s & chr(10));
a = [1];
a.append(a);
writeOutput(serialize(a) & chr(10));
try {
    serialize(function() {});
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
