<cfsavecontent variable="feed"><?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Example News</title>
    <link>https://example.org/</link>
    <item>
      <title>First &amp; foremost</title>
      <link>https://example.org/1</link>
      <description><![CDATA[<p>Hello <b>world</b></p>]]></description>
      <dc:creator>Ann</dc:creator>
      <category>news</category>
      <category>intro</category>
    </item>
    <item>
      <title>Second</title>
      <link>https://example.org/2</link>
      <description>Plain text</description>
      <dc:creator>Bob</dc:creator>
    </item>
  </channel>
</rss></cfsavecontent>
<cfscript>
// Reading an RSS feed.
rss = xmlParse(feed);
writeOutput(rss.rss.channel.title.xmlText & " (" & rss.rss.xmlAttributes.version & ")" & chr(10));
items = rss.rss.channel.item;
for (i = 1; i <= arrayLen(items); i++) {
    it = items[i];
    cats = structKeyExists(it, "category") ? arrayLen(it.category) : 0;
    writeOutput(i & ". " & it.title.xmlText & " <" & it.link.xmlText & "> by " & it.creator.xmlText
        & ", " & cats & " categories: " & it.description.xmlText & chr(10));
}
writeOutput("creators: " & arrayToList(arrayMap(xmlSearch(rss, "//dc:creator"), function(n) { return n.xmlText; })) & chr(10));

// A configuration file with defaults.
config = xmlParse('<config env="prod"><datasource name="main" timeout="30"/><feature name="search" enabled="true"/><feature name="beta" enabled="false"/></config>');
settings = {};
for (f in xmlSearch(config, "/config/feature")) settings[f.xmlAttributes.name] = f.xmlAttributes.enabled;
writeOutput("env " & config.config.xmlAttributes.env & ", timeout " & config.config.datasource.xmlAttributes.timeout
    & ", search " & settings.search & ", beta " & settings.beta
    & ", enabled count " & xmlSearch(config, "count(//feature[@enabled='true'])") & chr(10));

// Building a SOAP request and reading a response.
envelope = xmlNew();
envelope.xmlRoot = xmlElemNew(envelope, "http://schemas.xmlsoap.org/soap/envelope/", "soap:Envelope");
envelope.Envelope.xmlChildren[1] = xmlElemNew(envelope, "http://schemas.xmlsoap.org/soap/envelope/", "soap:Body");
call = xmlElemNew(envelope, "urn:stock", "GetPrice");
call.xmlAttributes["currency"] = "EUR";
envelope.Envelope.Body.xmlChildren[1] = call;
envelope.Envelope.Body.GetPrice.xmlChildren[1] = xmlElemNew(envelope, "Symbol");
envelope.Envelope.Body.GetPrice.Symbol.xmlText = "ACME";
writeOutput(toString(envelope) & chr(10));
response = xmlParse('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r:GetPriceResponse xmlns:r="urn:stock"><r:Price>12.5</r:Price></r:GetPriceResponse></s:Body></s:Envelope>');
price = xmlSearch(response, "//*[local-name()='Price']")[1].xmlText;
writeOutput("price: " & price * 2 & chr(10));
</cfscript>
