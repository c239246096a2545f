<cfscript>
// toString, output and concatenation give the XML text; a document says standalone="no"
// unless it was parsed with standalone="yes".
doc = xmlParse('<?xml version="1.0" encoding="ISO-8859-1"?>
<?xml-stylesheet href="style.xsl" type="text/xsl"?>
<!-- top -->
<root b="2" a="1 &amp; &lt;2&gt;" z="&quot;q&quot;">
<empty></empty><text>a &lt; b &amp;&amp; c &gt; d</text><cdata><![CDATA[if (a < b) { x = "]]]]><![CDATA[>"; }]]></cdata><mixed>one<br/>two</mixed>
<unicode>caf&##xe9; &##8364; 日本</unicode>
</root>');
writeOutput(toString(doc) & chr(10));
writeOutput(toString(doc.root.text) & chr(10));
writeOutput(toString(doc.root.text.xmlNodes[1]) & chr(10));
writeOutput(doc.root.mixed & chr(10));
writeOutput("concat: " & doc.root.empty & chr(10));
writeOutput(toString(xmlParse('<?xml version="1.0" standalone="yes"?><s/>')) & chr(10));
writeOutput(toString(xmlNew()) & chr(10));
writeOutput("json: " & serializeJSON(xmlParse("<a x='1'>t</a>")) & chr(10));
writeOutput("json of a list: " & serializeJSON(xmlParse("<a><b/><c/></a>").a.xmlChildren) & chr(10));
// Text is escaped when written; attribute values also escape quotes and line breaks.
d = xmlNew();
d.xmlRoot = xmlElemNew(d, "r");
d.r.xmlText = "5 > 3 & 2 < 4 ""quoted"" 'single'";
d.r.xmlAttributes["v"] = "line1" & chr(10) & "line2" & chr(9) & "tab ""q"" <&>";
writeOutput(toString(d) & chr(10));
writeOutput("interpolated: #d.r.xmlText#" & chr(10));
// Comparing a node with a string compares its text.
writeOutput("compare: " & (xmlParse("<a/>").a == '<?xml version="1.0" encoding="UTF-8"?><a/>') & chr(10));
try {
    writeOutput(doc.root.xmlChildren & "");
} catch (any e) {
    writeOutput("node list: " & e.message & chr(10));
}
</cfscript>
<cfoutput>in cfoutput: #d.r#
</cfoutput>
