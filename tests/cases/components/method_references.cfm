<cfscript>
// the referenced methods use no component state, so the result does not depend on
// which variables scope a detached method runs against
c = new c_invoke.Calc();
writeOutput(arrayToList(arrayMap([1, 2, 3], c.triple)) & chr(10));
writeOutput(arrayToList([1, 2, 3].map(c.triple)) & chr(10));
writeOutput(arrayToList(arrayFilter([5, 20, 30], c.isBig)) & chr(10));
f = c.triple;
writeOutput(f(4) & " " & isCustomFunction(f) & chr(10));
fns = {t: c.triple, a: c.add};
writeOutput(fns.t(2) & " " & fns.a(1, 1) & chr(10));
</cfscript>
