<cfscript>
a = [1, 2];
b = a;
b[1] = 99;
writeOutput(a[1]);
function change(arr) { arr[2] = 42; }
change(a);
writeOutput("," & a[2]);
</cfscript>
