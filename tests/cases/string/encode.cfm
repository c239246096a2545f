<cfscript>
writeOutput(htmlEditFormat("This is a test & this is another <This text is in angle brackets>") & "|");
writeOutput(htmlEditFormat('say "hi"') & "|");
writeOutput(jsStringFormat("It's ""quoted""") & "|");
writeOutput(encodeForHTML("<test>") & "|");
writeOutput(encodeForHTMLAttribute("<test>") & "|");
writeOutput(encodeForJavaScript("foo()") & "|");
writeOutput(encodeForURL("<tag>") & "|");
writeOutput(encodeForURL("5+3=8") & "|");
writeOutput(encodeForURL("&lt;tag&gt;", true) & "|");
writeOutput(replace(paragraphFormat("a" & chr(10) & chr(10) & "b"), chr(13) & chr(10), "~", "all"));
</cfscript>
