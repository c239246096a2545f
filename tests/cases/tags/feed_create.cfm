<cfscript>
// <cffeed action="create">: RSS 2.0 and Atom 1.0 from a query, written to xmlVar and a file,
// then read back.
setTimeZone("UTC");
items = queryNew("title,content,rsslink,publisheddate,categorylabel,categoryscheme,id,authoremail,linkhref,linklength,linktype", "varchar,varchar,varchar,date,varchar,varchar,varchar,varchar,varchar,varchar,varchar", [
    ["Fish & Chips <review>", "<p>Crispy</p>", "https://example.org/fish", createDateTime(2024, 1, 15, 10, 30, 0), "food,uk", "https://example.org/c,https://example.org/c", "fish-1", "ann@example.org", "https://example.org/fish.mp3", "42", "audio/mpeg"],
    ["Plain, simple", 'Body "quoted"', "https://example.org/plain", createDateTime(2024, 2, 1, 8, 0, 0), "", "", "", "", "", "", ""]
]);
props = {version: "rss_2.0", title: "Rime <Feed>", link: "https://example.org/", description: "Tests & more", language: "en", image: {url: "https://example.org/logo.png", title: "Logo", link: "https://example.org/"}};
cffeed(action="create", query=items, properties=props, xmlVar="rssText");
writeOutput(rssText);
path = getTempDirectory() & "/rime-feed-" & createUUID() & ".xml";
cffeed(action="create", query=items, properties=props, outputFile=path);
writeOutput("file = xmlVar: " & (fileRead(path) == rssText) & chr(10));
cffeed(action="read", source=path, query="back", name="s");
writeOutput("read back: " & back.recordCount & " rows, channel title " & s.title & chr(10));
for (c in ["TITLE", "CONTENT", "RSSLINK", "PUBLISHEDDATE", "CATEGORYLABEL", "ID", "LINKHREF"]) {
    writeOutput(c & ": " & back[c][1] & " | " & back[c][2] & chr(10));
}
try {
    cffeed(action="create", query=items, properties=props, outputFile=path);
} catch (any e) {
    writeOutput("without overwrite: " & replace(e.message, path, "PATH") & chr(10));
}
cffeed(action="create", query=items, properties=props, outputFile=path, overwrite=true);
writeOutput("overwritten: " & fileExists(path) & chr(10));

// Atom: columns renamed through columnMap; dates in RFC 3339.
aprops = {version: "atom_1.0", title: "Atom <Feed>", id: "urn:x", updated: createDateTime(2024, 3, 1, 12, 0, 0), link: {href: "https://example.org/", rel: "alternate"}};
entries = queryNew("headline,linkhref,id,updateddate,publisheddate,authorname,authoremail,summary,content,contenttype,rights");
queryAddRow(entries, {headline: "E & 1", linkhref: "https://example.org/e1", id: "urn:e1", updateddate: createDateTime(2024, 3, 1, 12, 0, 0), publisheddate: createDateTime(2024, 2, 28, 9, 15, 0), authorname: "Ann", authoremail: "ann@example.org", summary: "S", content: "<b>bold</b>", contenttype: "html", rights: "CC0"});
cffeed(action="create", query=entries, properties=aprops, columnMap={title: "headline"}, xmlVar="atomText");
writeOutput(atomText);
fileWrite(path, atomText);
cffeed(action="read", source=path, query="aq", properties="ap");
writeOutput("atom back: " & aq.recordCount & " rows, " & aq.title[1] & ", " & aq.authorname[1] & " <" & aq.authoremail[1] & ">, " & aq.content[1] & " (" & aq.contenttype[1] & "), " & aq.updateddate[1] & chr(10));
writeOutput("atom properties: " & listSort(structKeyList(ap), "textnocase") & chr(10));

// A feed struct from a read creates the feed again (name=).
cffeed(action="read", source=path, name="whole");
cffeed(action="create", name=whole, xmlVar="again");
cffeed(action="read", source=path, query="aq2");
fileWrite(path, again);
cffeed(action="read", source=path, query="aq3");
writeOutput("from name: " & aq3.recordCount & " rows, " & aq3.title[1] & ", " & aq3.linkhref[1] & ", " & aq3.summary[1] & chr(10));
fileDelete(path);
</cfscript>
