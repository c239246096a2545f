<cfscript>
// Characters without a name become hexadecimal escapes: lower case in HTML, upper case and
// fixed width in JavaScript and URLs.
s = "a'b:c<d>" & chr(233) & chr(8364) & chr(128512) & chr(1) & chr(159) & "_-. ,(z)";
writeOutput(encodeForHTML(s) & chr(10));
writeOutput(encodeForHTMLAttribute(s) & chr(10));
writeOutput(encodeForJavaScript(s) & chr(10));
writeOutput(encodeForURL(s) & chr(10));
writeOutput(encodeForHTML("plain words, only.") & chr(10));
writeOutput(encodeForHTML("") & "|" & encodeForJavaScript(chr(0)) & chr(10));
</cfscript>
