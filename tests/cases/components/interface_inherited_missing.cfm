<cfscript>
writeOutput("before" & chr(10));
h = new c_iface.HalfStream();
writeOutput("after" & chr(10));
</cfscript>
