<cfscript>
r = new c_omm.Recorder();
writeOutput(r.doStuff(1, "two", 3) & chr(10));
writeOutput(r.nothing() & chr(10));
writeOutput(r.real() & chr(10));
writeOutput(r.ECHO("x") & chr(10));
</cfscript>
