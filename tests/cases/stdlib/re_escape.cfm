<cfscript>
// reEscape: every regex control character gets a backslash, so the result matches itself.
writeOutput(reEscape("*.{}[]exam?ple") & "|");
s = "price (USD): $5.00 + tax?";
writeOutput(reEscape(s) & "|");
writeOutput(reFind(reEscape(s), "total " & s) & "|");
writeOutput(reReplace("a.b.c", reEscape("."), "-", "all") & "|" & "1+1".reEscape());
</cfscript>
