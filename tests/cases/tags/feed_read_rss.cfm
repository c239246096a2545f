<cfscript>
// <cffeed action="read"> on RSS 2.0 and RSS 1.0 (RDF) files: the struct, the query, the properties.
rss = '<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
  <title>Rime &amp; Friends</title>
  <link>https://example.org/</link>
  <description>News about Rime</description>
  <language>en-us</language>
  <category domain="https://example.org/cats">software</category>
  <image><url>https://example.org/logo.png</url><title>Rime</title><link>https://example.org/</link><width>88</width></image>
  <item>
    <title>First post</title>
    <link>https://example.org/1</link>
    <description><![CDATA[<p>Hello <b>world</b></p>]]></description>
    <author>ann@example.org (Ann)</author>
    <category>news</category>
    <category domain="https://example.org/tags">rust</category>
    <comments>https://example.org/1##comments</comments>
    <enclosure url="https://example.org/1.mp3" length="1234" type="audio/mpeg"/>
    <guid isPermaLink="false">post-1</guid>
    <pubDate>Mon, 15 Jan 2024 10:30:00 GMT</pubDate>
    <source url="https://other.example/feed">Other</source>
    <dc:creator>Ann</dc:creator>
  </item>
  <item>
    <title>Second post</title>
    <link>https://example.org/2</link>
    <description>Plain text</description>
    <guid>https://example.org/2</guid>
  </item>
</channel>
</rss>';
path = getTempDirectory() & "/rime-feed-" & createUUID() & ".xml";
fileWrite(path, rss);
cffeed(action="read", source=path, name="feed", query="q", properties="p");
writeOutput("keys: " & listSort(structKeyList(feed), "textnocase") & chr(10));
writeOutput("version: " & feed.version & ", encoding: " & feed.encoding & chr(10));
writeOutput("title: " & feed.title & chr(10));
writeOutput("channel category: " & feed.category[1].value & " / " & feed.category[1].domain & chr(10));
writeOutput("image: " & feed.image.url & " " & feed.image.width & chr(10));
writeOutput("items: " & arrayLen(feed.item) & chr(10));
writeOutput("item keys: " & listSort(structKeyList(feed.item[1]), "textnocase") & chr(10));
writeOutput("description: " & feed.item[1].description.value & chr(10));
writeOutput("guid: " & feed.item[1].guid.value & ", isPermaLink " & feed.item[1].guid.isPermaLink & chr(10));
writeOutput("default isPermaLink: " & feed.item[2].guid.isPermaLink & chr(10));
writeOutput("item categories: " & arrayLen(feed.item[1].category) & chr(10));
writeOutput("columns: " & q.columnList & chr(10));
writeOutput("rows: " & q.recordCount & chr(10));
for (c in ["TITLE", "RSSLINK", "CONTENT", "AUTHOREMAIL", "CATEGORYLABEL", "CATEGORYSCHEME", "COMMENTS", "LINKHREF", "LINKLENGTH", "LINKTYPE", "ID", "IDPERMALINK", "PUBLISHEDDATE", "SOURCE", "SOURCEURL", "DC_CREATOR"]) {
    writeOutput(c & ": " & q[c][1] & " | " & q[c][2] & chr(10));
}
writeOutput("properties: " & listSort(structKeyList(p), "textnocase") & chr(10));

// The same file read with only a query, into a file copy and the raw text.
copy = getTempDirectory() & "/rime-feed-" & createUUID() & ".xml";
cffeed(action="read", source=path, query="q2", outputFile=copy, xmlVar="raw");
writeOutput("copy: " & (fileRead(copy) == rss) & ", xmlVar: " & (raw == rss) & ", rows: " & q2.recordCount & chr(10));
fileDelete(copy);

// RSS 1.0: the document under RDF; the properties are the channel's.
rdf = '<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns##" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://example.org/rdf">
    <title>RDF feed</title>
    <link>https://example.org/</link>
    <description>An RSS 1.0 channel</description>
    <items><rdf:Seq><rdf:li rdf:resource="https://example.org/a"/><rdf:li rdf:resource="https://example.org/b"/></rdf:Seq></items>
  </channel>
  <item rdf:about="https://example.org/a">
    <title>A</title>
    <link>https://example.org/a</link>
    <dc:date>2024-01-15</dc:date>
    <dc:subject>testing</dc:subject>
  </item>
  <item rdf:about="https://example.org/b">
    <title>B</title>
    <link>https://example.org/b</link>
  </item>
</rdf:RDF>';
fileWrite(path, rdf);
cffeed(action="read", source=path, name="r", query="rq", properties="rp");
writeOutput("rdf keys: " & listSort(structKeyList(r), "textnocase") & ", version: " & r.version & chr(10));
writeOutput("rdf items: " & arrayLen(r.RDF.item) & ", about: " & r.RDF.channel["rdf:about"] & chr(10));
writeOutput("rdf properties: " & listSort(structKeyList(rp), "textnocase") & chr(10));
writeOutput("rdf rows: " & rq.recordCount & chr(10));
for (c in ["TITLE", "RSSLINK", "URI", "DC_DATE", "DC_SUBJECT_VALUE"]) {
    writeOutput(c & ": " & rq[c][1] & " | " & rq[c][2] & chr(10));
}
fileDelete(path);
</cfscript>
