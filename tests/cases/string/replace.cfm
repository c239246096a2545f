<cfscript>
writeOutput(replace("xxabcxxabcxx", "abc", "def") & "|");
writeOutput(replace("xxabcxxabcxx", "abc", "def", "All") & "|");
writeOutput(replace("xxabcxxabcxx", "abc", "def", "hans") & "|");
writeOutput(replace("a.b.c.d", ".", "-", "all") & "|");
writeOutput(replace("camelcase CaMeLcAsE CAMELCASE", "camelcase", "CamelCase", "all") & "|");
writeOutput(replaceNoCase("ColdFUsion", "u", "a") & "|");
writeOutput(replaceNoCase("ColdFusiOn", "O", "a", "ALL") & "|");
text = "abcd123efgh123ijklm123nop";
writeOutput(replace(text, "123", function(find, index, input) { return "-#index#-"; }) & "|");
writeOutput(replace(text, "123", function(find, index, input) { return "-#index#-"; }, "all") & "|");
writeOutput(replace("one string, two strings", {"one": 1, "two": 2, "string": "txt"}) & "|");
writeOutput("Lucee".replace("L", "", "all") & "|");
writeOutput(replace("abc", "", "x"));
</cfscript>
