<cfscript>
// Building a document the Adobe way: xmlNew, xmlRoot, xmlChildren[i] = xmlElemNew(...).
doc = xmlNew();
doc.xmlRoot = xmlElemNew(doc, "sampleXml");
doc.sampleXml.xmlText = "This is Root node text";
for (i = 1; i <= 3; i++) {
    doc.sampleXml.xmlChildren[i] = xmlElemNew(doc, "childNode#i#");
    doc.sampleXml.xmlChildren[i].xmlText = "This is Child node#i# text";
}
writeOutput(toString(doc) & chr(10));

// arrayAppend and friends on xmlChildren change the tree.
d = xmlParse("<list><a/>text<b/></list>");
arrayAppend(d.list.xmlChildren, xmlElemNew(d, "c"));
writeOutput("append: " & toString(d.list) & chr(10));
arrayPrepend(d.list.xmlChildren, xmlElemNew(d, "first"));
writeOutput("prepend: " & toString(d.list) & chr(10));
arrayInsertAt(d.list.xmlChildren, 3, xmlElemNew(d, "inserted"));
writeOutput("insertAt: " & toString(d.list) & chr(10));
arrayDeleteAt(d.list.xmlChildren, 2);
writeOutput("deleteAt: " & toString(d.list) & chr(10));
d.list.xmlChildren.append(xmlElemNew(d, "member"));
writeOutput("member append: " & toString(d.list) & " len " & d.list.xmlChildren.len() & chr(10));
arraySwap(d.list.xmlChildren, 1, 2);
writeOutput("swap: " & toString(d.list) & chr(10));
// A string appended becomes an element of that name (Lucee).
arrayAppend(d.list.xmlChildren, "named");
writeOutput("string: " & toString(d.list) & chr(10));
arrayClear(d.list.xmlChildren);
writeOutput("clear: " & toString(d.list) & chr(10));

// Node lists take a copy of the node added; assignment by name moves it.
d = xmlParse("<r><x>1</x></r>");
e = xmlElemNew(d, "y");
arrayAppend(d.r.xmlChildren, e);
e.xmlText = "not in the tree";
writeOutput("copy: " & toString(d.r) & chr(10));
d.r.z = xmlElemNew(d, "z");
d.r.z.xmlText = "new z";
writeOutput("by name (append): " & toString(d.r) & chr(10));
d.r.x = xmlElemNew(d, "x");
writeOutput("by name (replace): " & toString(d.r) & chr(10));
d.r.z[1] = xmlElemNew(d, "z");
writeOutput("by index: " & toString(d.r) & chr(10));

// xmlText, xmlCData and xmlComment replace the character data (which then goes last).
d = xmlParse("<p>old<i>x</i><!--c--></p>");
d.p.xmlText = "new & improved";
writeOutput("xmlText: " & toString(d.p) & chr(10));
d.p.xmlCdata = "<raw>";
writeOutput("xmlCData: " & toString(d.p) & chr(10));
d.p.xmlComment = "note";
writeOutput("xmlComment: " & toString(d.p) & chr(10));
d.p.i.xmlValue = "ignored on elements";
d.p.i.xmlNodes[1].xmlValue = "text node value";
writeOutput("xmlValue: " & d.p.i.xmlText & chr(10));

// Two variables holding one node see each other's changes.
d = xmlParse("<r><n>1</n></r>");
a = d.r.n;
b = d.r.n;
a.xmlText = "2";
writeOutput("shared: " & b.xmlText & " " & d.r.n.xmlText & chr(10));
// duplicate() copies the whole document.
c = duplicate(d);
c.r.n.xmlText = "3";
writeOutput("duplicate: " & d.r.n.xmlText & " " & c.r.n.xmlText & chr(10));
// Removing by name.
d = xmlParse("<r><k/><k/><m/></r>");
structDelete(d.r, "k");
writeOutput("structDelete: " & toString(d.r) & chr(10));
// xmlChildren assigned as a whole.
d.r.xmlChildren = [xmlElemNew(d, "one"), xmlElemNew(d, "two")];
writeOutput("xmlChildren = array: " & toString(d.r) & chr(10));
// Sorting the children with a comparator reorders the tree.
d = xmlParse("<r><v n='3'/><v n='1'/><v n='2'/></r>");
arraySort(d.r.xmlChildren, function(x, y) { return x.xmlAttributes.n - y.xmlAttributes.n; });
writeOutput("sorted: " & toString(d.r) & chr(10));
</cfscript>
