<cfscript>
writeOutput(len("ColdFusion") & "|");
writeOutput("abc".len() & "|");
writeOutput(len("") & "|");
writeOutput(mid("20001122", 5, 2) & "|");
writeOutput(mid("abcdef", 3) & "|");
writeOutput(left("The quick brown fox", 9) & "|");
writeOutput(left("The quick brown fox jumped over the lazy dog", -25) & "|");
writeOutput(right("The quick brown fox jumped over the lazy dog", 8) & "|");
writeOutput(right("The quick brown fox jumped over the lazy dog", -32) & "|");
writeOutput(reverse("Hello World") & "|");
writeOutput(reverse(123456789) & "|");
writeOutput(uCase("CFDocs Rock") & "|");
writeOutput(lCase("CFDocs Rock") & "|");
writeOutput(">" & trim("    CFDocs    ") & "<|");
writeOutput(">" & lTrim("    CFDocs    ") & "<|");
writeOutput(">" & rTrim("    CFDocs    ") & "<|");
writeOutput("hello".ucase() & "|");
writeOutput("abcdef".left(2) & "|" & "abcdef".mid(2, 3) & "|" & "abcdef".right(2));
</cfscript>
