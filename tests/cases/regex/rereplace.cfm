<cfscript>
writeOutput(reReplace("xxabcxxabcxx", "abc", "def") & "|");
writeOutput(reReplace("xxabcxxabcxx", "abc", "def", "all") & "|");
writeOutput(reReplace("xxABCxxabcxx", "ABC", "def", "all") & "|");
writeOutput(reReplace("CABARET", "C|B", "G") & "|");
writeOutput(reReplace("CABARET", "c|B", "G") & "|");
writeOutput(reReplace("CABARET", "C|B", "G", "ALL") & "|");
writeOutput(reReplaceNoCase("CABARET", "c|b", "G", "ALL") & "|");
writeOutput(reReplace("I love jellies", "jell(y|ies)", "cookies") & "|");
writeOutput(reReplace("John Smith", "(\w+) (\w+)", "\2, \1") & "|");
writeOutput(reReplace("hello world", "\b(\w)", "\u\1", "all") & "|");
writeOutput(reReplace("hello world", "(\w+)", "\U\1\E!") & "|");
writeOutput("xxabcxxabcxx".reReplace("abc", "def", "all") & "|");
writeOutput(reReplace("hello john how are you:", "['[:space:]']+", "_", "ALL"));
</cfscript>
