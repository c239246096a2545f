<cfscript>
function double(x) { return x * 2; }
f = double;
writeOutput(f(4));
function apply(fn, v) { return fn(v); }
writeOutput("," & apply(double, 5));
st = {op: double};
writeOutput("," & st.op(6));
</cfscript>
