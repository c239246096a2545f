<cfscript>
// htmlParse: a messy page parsed as a browser does, into an XML document (XHTML namespace,
// lower-case names, the root declaring the namespace as html: for xmlSearch).
page = '<!DOCTYPE html>
<HTML lang=en>
<head><TITLE>Messy &amp; Co</title>
<meta charset=utf-8>
<script>if (a < b && c > d) { document.write("<p>not a tag</p>"); }</script>
</head>
<body class="main page">
<!-- a comment -->
<h1 id=top>Welcome</H1>
<p>First paragraph with <b>bold <i>and italic</b> text</i>
<p>Second &copy; 2024&nbsp;&##x41;&##66;
<ul>
  <li>one
  <li><a href=/two.html>two</a>
  <li>three
</ul>
<table><tr><td>cell 1<td>cell 2</table>
<img src="x.png" alt="An image"><br>
<div><span>unclosed span
</body>
</html>';
doc = htmlParse(page);
names = (nodes) => arrayToList(arrayMap(nodes, (n) => n.xmlName));
writeOutput("isXmlDoc: " & isXmlDoc(doc) & chr(10));
r = doc.xmlRoot;
writeOutput("XmlRoot.XmlName: " & r.xmlName & chr(10));
writeOutput("XmlNsURI: " & r.xmlNsURI & chr(10));
writeOutput("root attributes: " & listSort(structKeyList(r.xmlAttributes), "textnocase") & ", lang " & r.xmlAttributes.lang & chr(10));
writeOutput("root children: " & names(r.xmlChildren) & chr(10));
body = doc.html.body;
writeOutput("body children: " & names(body.xmlChildren) & chr(10));
writeOutput("title: " & r.head.title.xmlText & chr(10));
writeOutput("script: " & r.head.script.xmlText & chr(10));
writeOutput("body class: " & body.xmlAttributes.class & chr(10));
writeOutput("comment: [" & body.xmlComment & "]" & chr(10));

// XPath: unprefixed names match no XHTML element (as in Lucee); the html: prefix or
// local-name() do.
writeOutput("//p: " & arrayLen(xmlSearch(doc, "//p")) & chr(10));
ps = xmlSearch(doc, "//html:p");
writeOutput("//html:p: " & arrayLen(ps) & chr(10));
for (p in ps) {
    writeOutput("  p [" & trim(p.xmlText) & "] children: " & names(p.xmlChildren) & chr(10));
}
writeOutput("misnested b/i: " & xmlSearch(doc, "string(//html:p[1]/html:b)") & " | " & xmlSearch(doc, "string(//html:p[1]/html:i)") & chr(10));
writeOutput("entities: " & trim(xmlSearch(doc, "string(//*[local-name()='p'][2])")) & chr(10));
lis = xmlSearch(doc, "//*[local-name()='li']");
writeOutput("li: " & arrayLen(lis) & ", texts: " & trim(lis[1].xmlText) & " / " & lis[2].a.xmlText & " / " & trim(lis[3].xmlText) & chr(10));
writeOutput("ul nodes (no blank text between the items): " & arrayLen(body.ul.xmlNodes) & chr(10));
writeOutput("unquoted href: " & xmlSearch(doc, "string(//html:a/@href)") & chr(10));
writeOutput("table: " & names(xmlSearch(doc, "//html:table/*")) & ", cells " & xmlSearch(doc, "count(//html:td)") & chr(10));
writeOutput("img alt: " & body.img.xmlAttributes.alt & ", br children: " & arrayLen(body.br.xmlChildren) & chr(10));
writeOutput("unclosed span: " & trim(body.div.span.xmlText) & chr(10));
writeOutput("h1 by attribute: " & xmlSearch(doc, "string(//*[@id='top'])") & chr(10));

// A fragment: html and body implied, no head.
frag = htmlParse("HI <body><p>Hello</p></body> !!!");
writeOutput("fragment: " & names(frag.xmlRoot.xmlChildren) & " [" & frag.html.body.xmlText & "] " & frag.html.body.p.xmlText & chr(10));
writeOutput("named argument, caseSensitive: " & htmlParse(html = "<P>x</P>", caseSensitive = true).xmlRoot["body"]["p"].xmlText & chr(10));

// Nesting is bounded.
try {
    htmlParse(repeatString("<div>", 2000));
} catch (any e) {
    writeOutput(e.type & ": " & e.message & chr(10));
}
writeOutput("900 deep: " & isXmlDoc(htmlParse(repeatString("<div>", 900))) & chr(10));
</cfscript>
