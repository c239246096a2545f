<cfscript>
function attempt(label, f) {
    try {
        f();
        writeOutput(label & ": no error" & chr(10));
    } catch (any e) {
        writeOutput(label & ": [" & e.type & "] " & e.message & (len(e.detail) ? " (" & e.detail & ")" : "") & chr(10));
    }
}
doc = xmlParse("<r><a>1</a><a>2</a><b/></r>");
attempt("mismatched tag", function() { xmlParse("<r>" & chr(10) & "  <a></b>" & chr(10) & "</r>"); });
attempt("unclosed root", function() { xmlParse("<r><a/>"); });
attempt("two roots", function() { xmlParse("<a/><b/>"); });
attempt("bad entity", function() { xmlParse("<a>&nbsp;</a>"); });
attempt("duplicate attribute", function() { xmlParse("<a x='1' x='2'/>"); });
attempt("empty string", function() { xmlParse(""); });
attempt("missing file", function() { xmlParse("no_such_file_here.xml"); });
attempt("validator", function() { xmlParse("<a/>", false, "schema.xsd"); });
attempt("unknown child", function() { x = doc.r.c; });
attempt("index past the end", function() { x = doc.r.a[3]; });
attempt("index on one element", function() { x = doc.r.b[2]; });
attempt("document root name", function() { x = doc.wrong; });
attempt("xmlText on document", function() { x = doc.xmlText; });
attempt("xmlParent of document", function() { x = doc.xmlParent; });
attempt("wrong name assigned", function() { doc.r.a = xmlElemNew(doc, "other"); });
attempt("node of another document", function() { doc.r.b = xmlParse("<b/>").b; });
attempt("assign xmlName", function() { doc.r.xmlName = "x"; });
attempt("invalid element name", function() { xmlElemNew(doc, "1bad"); });
attempt("second root", function() { doc.xmlRoot = xmlElemNew(doc, "again"); });
attempt("xpath syntax", function() { xmlSearch(doc, "//a["); });
attempt("xpath function", function() { xmlSearch(doc, "upper-case('x')"); });
attempt("xpath variable", function() { xmlSearch(doc, "//a[. = $v]"); });
attempt("xmlSearch of a string", function() { xmlSearch("<r/>", "/r"); });
attempt("node list index", function() { x = doc.r.xmlChildren[9]; });
attempt("node list as text", function() { x = "" & doc.r.xmlChildren; });
attempt("xmlTransform", function() { xmlTransform(doc, "<xsl/>"); });
</cfscript>
