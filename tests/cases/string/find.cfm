<cfscript>
writeOutput(find("apple", "An apple a day keeps the doctor away.") & "|");
writeOutput(find("Apple", "An apple a day") & "|");
writeOutput(findNoCase("APPLE", "An apple a day") & "|");
writeOutput(findNoCase("s", "cfdocs.org", 0) & "|");
writeOutput(find("a", "banana", 3) & "|");
writeOutput(find("x", "banana") & "|");
writeOutput(findOneOf("in", "The rain in Spain falls mainly in the plains.") & "|");
writeOutput(findOneOf("in", "The rain in Spain falls mainly in the plains.", 12) & "|");
writeOutput(findOneOf("tHe", "The rain in Spain falls mainly in the plains.", 1) & "|");
writeOutput(findLast("a", "banana") & "|");
writeOutput(findLastNoCase("AN", "banana") & "|");
writeOutput("An apple".find("apple") & "|");
writeOutput("An apple".findNoCase("APPLE"));
</cfscript>
