<cfscript>
c = new c_omm2.Child();
writeOutput(c.known() & chr(10));
writeOutput(c.unknown() & chr(10));
writeOutput(c.other(1, 2) & chr(10));
</cfscript>
