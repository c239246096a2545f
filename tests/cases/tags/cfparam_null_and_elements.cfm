<cfscript>
// cfparam: a variable holding null is not defined (the default is set), and a name may be an
// array element; setVariable writes array elements the same way.
a = [javacast("null", ""), 2];
x = 1;
cfparam(name = "a[x]", default = "dflt");
s = {k: javacast("null", "")};
cfparam(name = "s.k", default = "dflt");
e = [];
cfparam(name = "e[1]", default = "w");
setVariable("e[3]", "z");
writeOutput(a[1] & " " & s.k & " " & e[1] & " " & arrayLen(e) & " " & e[3]);
</cfscript>
