<cfscript>
writeOutput(replaceList("My Test String", "Test, String", "Replaced, Sentence") & "|");
writeOutput(replaceListNoCase("My test string", "Test, String", "Replaced, Sentence") & "|");
writeOutput(replaceList("a-b-c", "a,b", "1,2") & "|");
writeOutput(replaceList("abc", "a;b", "x;y", ";") & "|");
writeOutput(replaceList("abc", "a,b,c", "x"));
</cfscript>
