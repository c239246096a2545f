<cfscript>
try { reFind("(", "abc"); writeOutput("no error"); } catch (any e) { writeOutput(e.type); }
writeOutput("|");
try { reReplace("abc", "[a", "x"); writeOutput("no error"); } catch (any e) { writeOutput(e.type); }
</cfscript>
