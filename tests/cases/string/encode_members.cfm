<cfscript>
// The encodeFor* functions are string member functions too (Lucee).
s = '<a href="x">&</a>';
writeOutput(s.encodeForHTML() & chr(10));
writeOutput(s.encodeForHTMLAttribute() & chr(10));
writeOutput("a b&c".encodeForURL() & chr(10));
writeOutput("it's".encodeForJavaScript() & chr(10));
</cfscript>
