<cfscript>
writeOutput(arrayToList(reMatch("[0-9]+", "a1b22c333"), "|") & "/");
writeOutput(arrayLen(reMatch("x", "abc")) & "/");
writeOutput(arrayToList(reMatchNoCase("[a-z]+", "AB1cd"), "|") & "/");
writeOutput(arrayToList("a1b22".reMatch("[0-9]+"), "|") & "/");
writeOutput(arrayToList(reMatch("[[:upper:]][[:lower:]]+", "Hello World foo"), "|"));
</cfscript>
