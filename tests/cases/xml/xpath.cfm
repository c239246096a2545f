<cfscript>
doc = xmlParse('<store>
  <book id="1" category="web"><title xml:lang="en">Learning XML</title><price>39.95</price><tags><tag>xml</tag><tag>web</tag></tags></book>
  <book id="2" category="cooking"><title lang="it">Everyday Italian</title><price>30.00</price></book>
  <book id="3" category="web"><title xml:lang="en-US">XQuery Kick Start</title><price>49.99</price></book>
  <magazine id="4"><title>  Spaced   Out  </title><price>5</price></magazine>
  <!-- end -->
</store>');
function titles(nodes) {
    var out = [];
    for (var n in nodes) arrayAppend(out, n.xmlText);
    return "[" & arrayToList(out, "|") & "]";
}
function show(label, v) { writeOutput(label & ": " & v & chr(10)); }
show("absolute", titles(xmlSearch(doc, "/store/book/title")));
show("descendant //", titles(xmlSearch(doc, "//title")));
show("relative from a node", titles(xmlSearch(doc.store.book[1], "title")));
show("relative ./", titles(xmlSearch(doc.store.book[2], "./title")));
show("parent ..", xmlSearch(doc.store.book[1].title, "..")[1].xmlAttributes.id);
show("wildcard *", arrayLen(xmlSearch(doc, "/store/*")));
show("attribute @", xmlSearch(doc, "//book/@id")[3].xmlValue);
show("attribute node type", xmlSearch(doc, "//book/@id")[1].xmlType);
show("@* count", arrayLen(xmlSearch(doc, "//book[1]/@*")));
show("text()", xmlSearch(doc, "//book[2]/title/text()")[1].xmlValue);
show("node()", arrayLen(xmlSearch(doc, "//book[1]/tags/node()")));
show("comment()", xmlSearch(doc, "//comment()")[1].xmlValue);
show("position [2]", titles(xmlSearch(doc, "/store/book[2]/title")));
show("last()", titles(xmlSearch(doc, "/store/book[last()]/title")));
show("position()", titles(xmlSearch(doc, "/store/book[position() < 3]/title")));
show("attribute =", titles(xmlSearch(doc, "//book[@id='3']/title")));
show("element >", titles(xmlSearch(doc, "//book[price>35]/title")));
show("and/or", titles(xmlSearch(doc, "//book[@category='web' and price < 45 or @id = 2]/title")));
show("!=", arrayLen(xmlSearch(doc, "//book[@category != 'web']")));
show("union |", arrayLen(xmlSearch(doc, "//book | //magazine")));
show("count()", xmlSearch(doc, "count(//book)"));
show("sum()", xmlSearch(doc, "sum(//book/price)"));
show("contains()", titles(xmlSearch(doc, "//title[contains(., 'Italian')]")));
show("starts-with()", titles(xmlSearch(doc, "//title[starts-with(., 'X')]")));
show("string()", xmlSearch(doc, "string(//book[3]/price)"));
show("normalize-space()", "[" & xmlSearch(doc, "normalize-space(//magazine/title)") & "]");
show("name()", xmlSearch(doc, "name(/*)"));
show("local-name()", xmlSearch(doc, "local-name(//book[1]/*[2])"));
show("string-length()", xmlSearch(doc, "string-length(//book[1]/title)"));
show("substring()", xmlSearch(doc, "substring('12345', 2, 3)"));
show("translate()", xmlSearch(doc, "translate('abc', 'abc', 'ABC')"));
show("concat()", xmlSearch(doc, "concat(//book[1]/@id, '-', //book[2]/@id)"));
show("boolean result", xmlSearch(doc, "count(//book) > 2"));
show("not()", xmlSearch(doc, "not(//book[@id='9'])"));
show("arithmetic", xmlSearch(doc, "(//book[1]/price + 0.05) * 2 div 4 mod 7"));
show("round/floor/ceiling", xmlSearch(doc, "round(2.5)") & xmlSearch(doc, "floor(2.5)") & xmlSearch(doc, "ceiling(2.1)"));
show("number() of text", xmlSearch(doc, "number(//book[2]/price)"));
show("ancestor::", arrayLen(xmlSearch(doc, "//tag[1]/ancestor::*")));
show("following-sibling::", titles(xmlSearch(doc, "//book[1]/following-sibling::book/title")));
show("preceding-sibling::", xmlSearch(doc, "//magazine/preceding-sibling::*[1]")[1].xmlAttributes.id);
show("descendant-or-self::", arrayLen(xmlSearch(doc, "//book[1]/descendant-or-self::*")));
show("self::", arrayLen(xmlSearch(doc, "//*[self::magazine]")));
show("lang()", titles(xmlSearch(doc, "//title[lang('en')]")));
show("nested predicates", titles(xmlSearch(doc, "//book[tags[tag='web']]/title")));
show("[1] per parent", titles(xmlSearch(doc, "//tag[1]")));
show("(...)[1] overall", titles(xmlSearch(doc, "(//title)[1]")));
show("trailing slash", arrayLen(xmlSearch(doc, "/store/")));
show("no match", arrayLen(xmlSearch(doc, "//nothing")));
show("member function", arrayLen(doc.search("//book")));
show("names are case-sensitive", arrayLen(xmlSearch(doc, "//BOOK")));
</cfscript>
