<cfscript>
doc = xmlParse('<r a="1"><e>t</e><e/></r>');
attr = xmlSearch(doc, "//@a")[1];
text = doc.r.e[1].xmlNodes[1];
values = [
    {label: "document", v: doc},
    {label: "root", v: doc.r},
    {label: "element", v: doc.r.e[2]},
    {label: "attribute", v: attr},
    {label: "text", v: text},
    {label: "xmlChildren", v: doc.r.xmlChildren},
    {label: "xmlAttributes", v: doc.r.xmlAttributes},
    {label: "xml string", v: "<ok/>"},
    {label: "bad string", v: "<ok>"},
    {label: "struct", v: {a: 1}}
];
writeOutput("value: isXml isXmlDoc isXmlElem isXmlNode isXmlRoot isXmlAttribute | isStruct isArray isSimpleValue isValid(xml)" & chr(10));
for (row in values) {
    v = row.v;
    writeOutput(row.label & ": " & isXml(v) & " " & isXmlDoc(v) & " " & isXmlElem(v) & " " & isXmlNode(v)
        & " " & isXmlRoot(v) & " " & isXmlAttribute(v) & " | " & isStruct(v) & " " & isArray(v)
        & " " & isSimpleValue(v) & " " & isValid("xml", v) & chr(10));
}
writeOutput("xmlGetNodeType: " & xmlGetNodeType(doc) & " " & xmlGetNodeType(doc.r) & " "
    & xmlGetNodeType(attr) & " " & xmlGetNodeType(text) & " " & doc.r.getNodeType() & chr(10));
c = xmlParse("<!--c--><r><?pi data?><![CDATA[x]]></r>");
writeOutput("more types: " & xmlGetNodeType(c.xmlNodes[1]) & " " & xmlGetNodeType(c.r.xmlNodes[1]) & " "
    & xmlGetNodeType(c.r.xmlNodes[2]) & chr(10));
p = xmlParse("<list><a/><b/><a/><A/><c/></list>");
writeOutput("xmlChildPos: " & xmlChildPos(p.list, "a", 1) & " " & xmlChildPos(p.list, "a", 2) & " "
    & xmlChildPos(p.list, "a", 3) & " " & xmlChildPos(p.list, "c", 1) & " " & xmlChildPos(p.list, "x", 1)
    & " " & p.list.childPos("b", 1) & chr(10));
e = doc.elemNew("made");
writeOutput("elemNew member: " & e.xmlName & " parent-less: " & isXmlRoot(e) & chr(10));
</cfscript>
