<cfscript>
// A method taken from an instance nobody else holds keeps that instance's state alive.
inc = new Counter().increment;
value = new Counter().increment(5).value;
writeOutput(value() & chr(10));
fns = [];
for (i = 1; i <= 3; i++) {
    c = new Counter();
    c.increment(i * 10);
    arrayAppend(fns, c.value);
}
c = "";
for (f in fns) writeOutput(f() & " ");
writeOutput(chr(10));
// A page function read as a value and called later.
function twice(n) { return n * 2; }
s = { op: twice };
writeOutput(s.op(21) & chr(10));
// Duplicate keeps methods bound to the copy.
a = new Counter();
a.increment(2);
b = duplicate(a);
b.increment(40);
writeOutput(a.value() & " " & b.value() & chr(10));
</cfscript>
