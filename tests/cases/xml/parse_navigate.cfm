<cfscript>
// Navigation through Lucee's XML object model: the root by its name, repeated children by
// index, the xml* properties of every node.
text = '<?xml version="1.0" encoding="UTF-8"?>
<catalog>
  <!-- two books -->
  <book id="bk101" lang="en">
    <author>Gambardella, Matthew</author>
    <title>XML Developer''s Guide</title>
    <price>44.95</price>
  </book>
  <book id="bk102">
    <author>Ralls, Kim</author>
    <title>Midnight Rain</title>
    <price>5.95</price>
    <notes><![CDATA[<b>bold</b> & more]]></notes>
  </book>
</catalog>';
doc = xmlParse(text);
writeOutput("root: " & doc.xmlRoot.xmlName & " / " & doc.catalog.xmlName & chr(10));
writeOutput("second title: " & doc.catalog.book[2].title.xmlText & chr(10));
writeOutput("first author (no index): " & doc.catalog.book.author.xmlText & chr(10));
writeOutput("books: " & arrayLen(doc.catalog.book) & ", children: " & arrayLen(doc.catalog.xmlChildren) & chr(10));
writeOutput("index on one element: " & doc.catalog.book[1].title[1].xmlText & chr(10));
writeOutput("bracket keys: " & doc["catalog"]["book"][2]["price"].xmlText & chr(10));
writeOutput("case-insensitive: " & doc.CATALOG.Book[1].PRICE.xmlText & chr(10));
writeOutput("xmlType: " & doc.xmlType & " " & doc.catalog.xmlType & " " & doc.catalog.book[1].xmlNodes[1].xmlType & chr(10));
writeOutput("xmlName of text node: " & doc.catalog.book[1].xmlNodes[1].xmlName & chr(10));
writeOutput("xmlValue of text node: [" & doc.catalog.book[1].author.xmlNodes[1].xmlValue & "]" & chr(10));
writeOutput("xmlComment: [" & doc.catalog.xmlComment & "]" & chr(10));
writeOutput("xmlCdata: " & doc.catalog.book[2].notes.xmlCdata & chr(10));
writeOutput("xmlText of CDATA: " & doc.catalog.book[2].notes.xmlText & chr(10));
writeOutput("xmlParent: " & doc.catalog.book[2].title.xmlParent.xmlAttributes.id & chr(10));
writeOutput("xmlNodes of catalog: " & arrayLen(doc.catalog.xmlNodes) & chr(10));
writeOutput("xmlNsURI/Prefix empty: [" & doc.catalog.xmlNsURI & "][" & doc.catalog.xmlNsPrefix & "]" & chr(10));
writeOutput("structKeyExists: " & structKeyExists(doc.catalog.book[1], "title") & " "
    & structKeyExists(doc.catalog.book[1], "isbn") & " " & structKeyExists(doc, "catalog") & " "
    & structKeyExists(doc.catalog, "xmlChildren") & chr(10));
writeOutput("isDefined: " & isDefined("doc.catalog.book") & " " & isDefined("doc.catalog.magazine") & chr(10));
writeOutput("keys: " & structKeyList(doc.catalog.book[2]) & chr(10));
names = [];
for (b in doc.catalog.xmlChildren) arrayAppend(names, b.xmlAttributes.id);
writeOutput("loop: " & arrayToList(names) & chr(10));
writeOutput("cfloop index: ");
cfloop(array = doc.catalog.book, index = "b") { writeOutput(b.price.xmlText & ";"); }
writeOutput(chr(10));
// Parsed case-sensitive: names must match exactly (dot notation upper-cases, so brackets).
cs = xmlParse("<Root><Item>a</Item><item>b</item></Root>", true);
writeOutput("case-sensitive: " & cs["Root"]["Item"].xmlText & cs["Root"]["item"].xmlText & " "
    & arrayLen(cs["Root"]["Item"]) & " " & structKeyExists(cs, "ROOT") & chr(10));
ci = xmlParse("<Root><Item>a</Item><item>b</item></Root>");
writeOutput("case-insensitive: " & arrayLen(ci.root.item) & chr(10));
// Leading blanks and a byte-order mark are fine; a file path is read.
writeOutput("trimmed: " & xmlParse("   " & chr(10) & "<a>x</a>  ").a.xmlText & chr(10));
writeOutput("byte-order mark: " & xmlParse(chr(65279) & "<a>y</a>").a.xmlText & chr(10));
path = getTempDirectory() & "rime_xml_case_" & createUUID() & ".xml";
fileWrite(path, "<config><setting name='mode'>fast</setting></config>");
writeOutput("from file: " & xmlParse(path).config.setting.xmlAttributes.name & chr(10));
fileDelete(path);
</cfscript>
