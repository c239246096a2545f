<cfscript>
writeOutput(repeatString("ab", 3) & "|");
writeOutput("[" & repeatString("ab", 0) & "]|");
writeOutput(insert("Google", " chrome browser", 0) & "|");
writeOutput(insert("fox", "New private mozilla fire", 24) & "|");
writeOutput(removeChars("Hello CFML World", 6, 5) & "|");
writeOutput(spanIncluding("mystring", "mystery") & "|");
writeOutput(spanExcluding("mystring", "aeiou") & "|");
writeOutput(compare("ColdFusion", "coldfusion") & "|");
writeOutput(compare("abc", "abc") & "|");
writeOutput(compare("b", "a") & "|");
writeOutput(compareNoCase("ColdFusion", "coldfusion") & "|");
writeOutput(asc("A") & "|");
writeOutput(asc("") & "|");
writeOutput(chr(65) & chr(97) & "|");
writeOutput(len(stripCR("a" & chr(13) & chr(10) & "b")) & "|");
writeOutput("[" & lJustify("abc", 6) & "]|");
writeOutput("[" & rJustify("abc", 6) & "]|");
writeOutput("[" & lJustify("abcdef", 3) & "]|");
writeOutput(soundex("Robert") & "/" & soundex("Rupert") & "/" & soundex("Rubin"));
</cfscript>
