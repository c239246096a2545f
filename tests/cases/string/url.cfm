<cfscript>
writeOutput(urlEncodedFormat("$18$f^$XlTe41") & "|");
writeOutput(urlEncodedFormat("a b") & "|");
writeOutput(urlDecode("%21") & "|");
writeOutput(urlDecode("a+b%20c") & "|");
writeOutput(urlDecode(urlEncodedFormat("äöü & ß")) & "|");
writeOutput(urlEncode("Apples → Äpfel", "utf-8"));
</cfscript>
