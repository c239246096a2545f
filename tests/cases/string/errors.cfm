<cfscript>
try { left("abc", 0); writeOutput("no error"); } catch (any e) { writeOutput(e.type); }
writeOutput("|");
try { repeatString("x", -1); writeOutput("no error"); } catch (any e) { writeOutput(e.type); }
writeOutput("|");
try { numberFormat(5, "x"); writeOutput("no error"); } catch (any e) { writeOutput(e.type); }
</cfscript>
