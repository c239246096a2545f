<cfscript>
s = getApplicationSettings();
writeOutput(s.name & " " & s.sessionManagement & " " & structKeyExists(s, "mappings") & " " & structKeyExists(s, "onRequestStart") & chr(10));
writeOutput(isDate(applicationStartTime()) & " " & (dateCompare(applicationStartTime(), now()) <= 0) & chr(10));
writeOutput(isStruct(getApplicationMetadata()));
writeOutput(chr(10) & "[" & getContextRoot() & "] " & isWithinTransaction() & chr(10));
function original() { return getFunctionCalledName(); }
alias = original;
writeOutput(original() & " " & alias() & chr(10));
try { sessionStartTime(); } catch (any e) { writeOutput("no session" & chr(10)); }
</cfscript>
