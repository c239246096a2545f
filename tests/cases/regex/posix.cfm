<cfscript>
writeOutput(reReplace("a1 b2_c3", "[[:alpha:]]", "X", "all") & "|");
writeOutput(reReplace("a1 b2", "[[:space:]]", "-", "all") & "|");
writeOutput(reReplace("AbC", "[[:upper:]]", "", "all") & "|");
writeOutput(reReplace("AbC", "[[:lower:]]", "", "all") & "|");
writeOutput(reReplace("a1!b2?", "[[:alnum:]]", "", "all") & "|");
writeOutput(reReplace("a1!b2?", "[[:punct:]]", "", "all") & "|");
writeOutput(reReplace("a1b2", "[^[:digit:]]", "", "all") & "|");
writeOutput(reReplace("T8h3i53s 1i2s3 8a3 t3e2s9t.", "[[:digit:]]", "", "ALL") & "|");
writeOutput(reFind("[[:digit:]]+", "abc 42"));
</cfscript>
