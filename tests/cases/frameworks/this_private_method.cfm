<cfscript>
p = new PrivateViaThis();
writeOutput(isValid("component", p) & "," & isValid("component", {}) & "," & p.viaThis());
try { p.secret(); } catch (any e) { writeOutput(",outside refused"); }
</cfscript>
