<cfscript>
// ESAPI's decoders, as Lucee has them, and `dump` as writeDump's short name.
writeOutput(decodeForHTML("&lt;b&gt;Tom &amp; Jerry&##33;&lt;/b&gt;") & "|");
writeOutput("caf&eacute;".decodeForHTML() & "|");
writeOutput(decodeFromURL("a%20b+c%2Fd") & "|");
writeOutput(decodeForHTML("%26lt%3Bx", true) & "|");
writeOutput(decodeForHTML(encodeForHTML("<p class=""x"">it's</p>")));
</cfscript>
