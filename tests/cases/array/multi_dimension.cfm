<cfscript>
// arrayNew(2): assigning through a missing element creates a nested array, not a struct.
a = arrayNew(2);
a[1][1] = "x";
a[1][2] = "y";
a[2][3] = "z";
writeOutput(isArray(a[1]) & "," & arrayLen(a) & "," & arrayLen(a[1]) & "," & arrayLen(a[2]) & "," & a[1][2] & "," & a[2][3] & "|");
writeOutput(serializeJSON(a) & "|");

// arrayNew(3): two levels of nested arrays; the innermost holds values.
b = arrayNew(3);
b[1][2][3] = 7;
writeOutput(isArray(b[1]) & "," & isArray(b[1][2]) & "," & arrayLen(b[1][2]) & "," & b[1][2][3] & "|");
b[1][2][1] = {k: 1};
writeOutput(b[1][2][1].k & "|");

// A one-dimensional array still creates a struct.
c = [];
c[1].name = "n";
writeOutput(isStruct(c[1]) & "," & c[1].name & "|");
d = arrayNew(1);
d[2].x = 1;
writeOutput(isStruct(d[2]) & "|");

// duplicate() keeps the dimension.
e = duplicate(arrayNew(2));
e[1][1] = 5;
writeOutput(isArray(e[1]) & "," & e[1][1]);
</cfscript>
