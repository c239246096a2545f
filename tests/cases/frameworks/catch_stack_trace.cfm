<cfscript>
try { x = undefinedThing + 1; } catch (any e) {
  writeOutput(isSimpleValue(e.stackTrace) & "," & (e.stackTrace contains "undefinedThing") & "," & isSimpleValue(e.tagContext[1].raw_trace));
}
</cfscript>
