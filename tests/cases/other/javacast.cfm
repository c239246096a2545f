<cfscript>
writeOutput(javaCast("int", 3.9) & chr(10));
writeOutput(javaCast("long", "12") & chr(10));
writeOutput(javaCast("double", "2.5") & chr(10));
writeOutput(javaCast("boolean", 1) & chr(10));
writeOutput(javaCast("string", 7) & chr(10));
writeOutput(isNull(javaCast("null", "")) & chr(10));
writeOutput(arrayLen(javaCast("string[]", ["a", "b"])) & chr(10));
</cfscript>
