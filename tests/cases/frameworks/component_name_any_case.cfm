<cfscript>
writeOutput(new caselib.mixedname().hi() & "," & createObject("component", "CASELIB.MIXEDNAME").hi());
try { new caselib.nothere(); } catch (any e) { writeOutput("," & (e.message contains "nothere")); }
</cfscript>
