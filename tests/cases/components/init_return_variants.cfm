<cfscript>
a = new c_initret.Nothing();
writeOutput(isObject(a) & " " & a.state() & chr(10));
b = new c_initret.Str();
writeOutput(isObject(b) & " " & b & chr(10));
c = new c_initret.Other();
writeOutput(isInstanceOf(c, "Nothing") & " " & isInstanceOf(c, "Other") & " " & c.state() & chr(10));
d = createObject("component", "c_initret.Str");
writeOutput(isObject(d) & chr(10));
writeOutput(d.init() & chr(10));
</cfscript>
