<cfscript>
// <cffeed action="read"> on an Atom 1.0 file (script statement form).
atom = '<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title type="text">Rime Blog</title>
  <subtitle>Engine notes</subtitle>
  <link href="https://example.org/"/>
  <link rel="self" href="https://example.org/atom.xml"/>
  <id>urn:uuid:60a76c80-d399-11d9-b93c-0003939e0af6</id>
  <updated>2024-01-15T10:30:00Z</updated>
  <author><name>Ann</name><email>ann@example.org</email></author>
  <entry>
    <title type="html">Atom &amp;lt;one&amp;gt;</title>
    <link rel="alternate" type="text/html" href="https://example.org/e1"/>
    <id>urn:uuid:1</id>
    <updated>2024-01-15T10:30:00Z</updated>
    <published>2024-01-14T09:00:00Z</published>
    <author><name>Bob</name><uri>https://bob.example</uri></author>
    <category term="rust" scheme="https://example.org/tags" label="Rust"/>
    <summary>Short</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <em>there</em> &amp; all</p></div></content>
    <rights>CC-BY</rights>
  </entry>
  <entry>
    <title>Two</title>
    <link rel="alternate" href="https://example.org/e2"/>
    <link rel="enclosure" href="https://example.org/e2.mp3" length="99"/>
    <id>urn:uuid:2</id>
    <updated>2024-01-16T00:00:00Z</updated>
    <content type="html">&lt;p&gt;Second&lt;/p&gt;</content>
  </entry>
</feed>';
path = getTempDirectory() & "/rime-feed-" & createUUID() & ".xml";
fileWrite(path, atom);
feed action="read" source=path name="feed" query="q" properties="p";
writeOutput("keys: " & listSort(structKeyList(feed), "textnocase") & chr(10));
writeOutput("version: " & feed.version & chr(10));
writeOutput("title: " & feed.title.value & " (" & feed.title.type & ")" & chr(10));
writeOutput("subtitle: " & feed.subtitle & chr(10));
writeOutput("links: " & arrayLen(feed.link) & ", second rel: " & feed.link[2].rel & chr(10));
writeOutput("author: " & feed.author.name & " <" & feed.author.email & ">" & chr(10));
writeOutput("xml:lang: " & feed["xml:lang"] & chr(10));
writeOutput("entries: " & arrayLen(feed.entry) & chr(10));
writeOutput("entry keys: " & listSort(structKeyList(feed.entry[1]), "textnocase") & chr(10));
writeOutput("entry author: " & feed.entry[1].author[1].name & chr(10));
writeOutput("summary: " & feed.entry[1].summary.value & " type=" & feed.entry[1].summary.type & " mode=" & feed.entry[1].summary.mode & chr(10));
writeOutput("content: " & feed.entry[1].content[1].value & chr(10));
writeOutput("rows: " & q.recordCount & ", columns: " & listLen(q.columnList) & chr(10));
for (c in ["TITLE", "TITLETYPE", "LINKHREF", "LINKREL", "LINKTYPE", "LINKLENGTH", "ID", "UPDATEDDATE", "PUBLISHEDDATE", "AUTHORNAME", "AUTHORURI", "CATEGORYTERM", "CATEGORYSCHEME", "CATEGORYLABEL", "SUMMARY", "SUMMARYTYPE", "SUMMARYMODE", "CONTENT", "CONTENTTYPE", "RIGHTS"]) {
    writeOutput(c & ": " & q[c][1] & " | " & q[c][2] & chr(10));
}
writeOutput("properties: " & listSort(structKeyList(p), "textnocase") & chr(10));
fileDelete(path);
</cfscript>
