<cfscript>
// ESAPI ends each CSS escape with a space; the comparison ignores it, as Lucee's own tests do.
writeOutput(replace(encodeForCSS("<script>"), " ", "", "all") & "|");
writeOutput(replace("<script>".encodeForCSS(), " ", "", "all") & "|");
writeOutput(encodeForCSS("red") & "|");
writeOutput(encodeForXML("Fred & Ted") & "|");
writeOutput(encodeForXML("<script>") & "|");
writeOutput("<b>".encodeForXML() & "|");
writeOutput(encodeForXMLAttribute("It's") & "|");
writeOutput(encodeForXMLAttribute("a-b_c.d,e") & "|");
writeOutput(encodeForXML("&lt;x&gt;", true) & "|");
writeOutput(xmlFormat("<node>Good &amp; Juicy</node>") & "|");
writeOutput(xmlFormat("say ""hi"" & 'bye'") & "|");
writeOutput(encodeForXML("") & "|");
writeOutput("end");
</cfscript>
