<cfscript>
a = c_static.Registry::register("a");
b = c_static.Registry::register("b");
writeOutput(a & " " & b & chr(10));
writeOutput(c_static.Registry::allNames() & chr(10));
writeOutput(c_static.Registry::count & chr(10));
writeOutput(c_static.Registry::label & chr(10));
</cfscript>
