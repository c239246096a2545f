<cfscript>
c = new c_args.Collector();
writeOutput(c.gather("x", "y", "z") & chr(10));
writeOutput(c.gather("only") & chr(10));
writeOutput(c.named(b = 2) & chr(10));
writeOutput(c.named(1) & chr(10));
writeOutput(c.named(b = "B", a = "A") & chr(10));
</cfscript>
