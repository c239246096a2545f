<cfscript>
s = "   I love   Lucee     ";
writeOutput("[" & trimWhiteSpace(s) & "]" & len(s) & ">" & len(trimWhiteSpace(s)) & "|");
writeOutput("[" & s.trimWhiteSpace() & "]|");
writeOutput(replace(trimWhiteSpace("a" & chr(9) & " " & chr(13) & chr(10) & "  b" & chr(10) & chr(10) & "c"), chr(10), "\n", "all") & "|");
writeOutput("[" & trimWhiteSpace(chr(9) & " x") & "]" & asc(trimWhiteSpace(chr(9) & " x")) & "|");
writeOutput("[" & trimWhiteSpace("") & "]");
</cfscript>
