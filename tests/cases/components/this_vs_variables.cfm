<cfscript>
s = new Shadow();
writeOutput(s.unscoped() & "|" & s.fromThis() & "|" & s.value);
</cfscript>
