<cfscript>
d = new c_levels.D();
writeOutput(d.describe() & chr(10));
writeOutput(d.whoAmI() & chr(10));
writeOutput(d.level() & chr(10));
c = new c_levels.C();
writeOutput(c.describe() & " " & c.whoAmI() & chr(10));
writeOutput(new c_levels.A().whoAmI() & chr(10));
</cfscript>
