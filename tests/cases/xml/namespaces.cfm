<cfscript>
soap = xmlParse('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Header/>
<soap:Body><m:GetPriceResponse xmlns:m="https://example.org/stock"><m:Price>34.5</m:Price></m:GetPriceResponse></soap:Body>
</soap:Envelope>');
// Dot access matches the qualified or the local name.
writeOutput("local names: " & soap.Envelope.Body.GetPriceResponse.Price.xmlText & chr(10));
writeOutput("qualified (brackets): " & soap["soap:Envelope"]["soap:Body"].xmlName & chr(10));
r = soap.xmlRoot;
writeOutput("xmlName/prefix/uri: " & r.xmlName & " " & r.xmlNsPrefix & " " & r.xmlNsURI & chr(10));
writeOutput("child uri: " & r.Body.GetPriceResponse.xmlNsURI & chr(10));
// XPath: a prefix resolves through the document's declarations; local-name() always works.
writeOutput("prefixed xpath: " & xmlSearch(soap, "//m:Price")[1].xmlText & chr(10));
writeOutput("local-name(): " & xmlSearch(soap, "//*[local-name()='Price']")[1].xmlText & chr(10));
writeOutput("namespace-uri(): " & xmlSearch(soap, "namespace-uri(//*[local-name()='Body'])") & chr(10));
writeOutput("unprefixed name: " & arrayLen(xmlSearch(soap, "//Price")) & chr(10));
// A default namespace: unprefixed XPath names match only elements in no namespace.
atom = xmlParse('<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>One</title></entry><entry><title>Two</title></entry></feed>');
writeOutput("default ns, //entry: " & arrayLen(xmlSearch(atom, "//entry")) & chr(10));
writeOutput("default ns, local-name(): " & arrayLen(xmlSearch(atom, "//*[local-name()='entry']")) & chr(10));
writeOutput("default ns, dot access: " & atom.feed.entry[2].title.xmlText & chr(10));
try {
    xmlSearch(atom, "//a:entry");
} catch (any e) {
    writeOutput("undeclared prefix: " & e.message & chr(10));
}
// New elements in a namespace get their declaration when written.
d = xmlNew();
d.xmlRoot = xmlElemNew(d, "urn:books", "bk:library");
arrayAppend(d.library.xmlChildren, xmlElemNew(d, "urn:books", "bk:book"));
arrayAppend(d.library.xmlChildren, xmlElemNew(d, "plain"));
writeOutput(toString(d) & chr(10));
writeOutput("prefix from the root: " & xmlElemNew(soap, "soap:Fault").xmlNsURI & chr(10));
try {
    xmlParse("<p:a/>");
} catch (any e) {
    writeOutput("unbound prefix: " & e.message & chr(10));
}
</cfscript>
