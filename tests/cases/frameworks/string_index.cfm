<cfscript>
s = "hello";
writeOutput(s[1] & s[5]);
try { x = s[-1]; } catch (any e) { writeOutput("|" & e.type); }
try { x = s[6]; } catch (any e) { writeOutput("|" & e.type); }
</cfscript>
