<cfscript>
writeOutput(listFind("apple,orange,banana", "orange") & "|");
writeOutput(listFind("apple|orange|banana", "orange", "|") & "|");
writeOutput(listFind("apple,orange", "Orange") & "|");
writeOutput(listFindNoCase("apple,orange,banana", "ORANGE") & "|");
writeOutput("apple|orange|banana".listFindNoCase("ORANGE", "|") & "|");
writeOutput(listFind("a,,b", "b") & "|");
writeOutput(listContains("sheep,goat,foo,bar,goo", "oo") & "|");
writeOutput(listContainsNoCase("sheep,goat,Foo,bar,foo", "FOO") & "|");
writeOutput(listContains("a,b", "") & "|");
writeOutput(listValueCount("foo,bar,lorem,foo,ipsum", "foo") & "|");
writeOutput(listValueCount("bar|foo|lorem,ipsum|me|foo,something|foo|FOO", "foo", "|") & "|");
writeOutput(listValueCountNoCase("bar|Foo|lorem,ipsum|me|foo,something|foo|FOO", "foo", "|") & "|");
writeOutput(listIndexExists("Apple,Orange,Banana", 2) & "|");
writeOutput(listIndexExists("Apple,Orange", 3));
</cfscript>
