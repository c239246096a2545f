<cfscript>
// <cffeed> errors: no source, a bad action, HTTP failure, not XML, not a feed, missing attributes.
path = getTempDirectory() & "/rime-feed-" & createUUID() & ".xml";
function report(e) {
    writeOutput(e.type & ": " & replace(e.message, path, "PATH") & chr(10));
}
try { cffeed(action="read", name="x"); } catch (any e) { report(e); }
try { cffeed(action="update", source=path); } catch (any e) { report(e); }
try { cffeed(action="read", source="http://127.0.0.1:1/feed.xml", name="x"); } catch (any e) { report(e); }
try { cffeed(action="read", source=path, name="x"); } catch (any e) { report(e); }
fileWrite(path, "this is not xml");
try { cffeed(action="read", source=path, name="x"); } catch (any e) { report(e); }
fileWrite(path, "<html><body>not a feed</body></html>");
try { cffeed(action="read", source=path, name="x"); } catch (any e) { report(e); }
fileWrite(path, '<rss version="2.0"><item/></rss>');
try { cffeed(action="read", source=path, name="x"); } catch (any e) { report(e); }
fileWrite(path, '<rss version="2.0"><channel><title>t</title></channel></rss>');
try { cffeed(action="read", source=path, name="x", outputFile=path); } catch (any e) { report(e); }
try { cffeed(action="create", xmlVar="x"); } catch (any e) { report(e); }
try { cffeed(action="create", query="notaquery", properties={}, xmlVar="x"); } catch (any e) { report(e); }
try { cffeed(action="create", query=queryNew("title"), properties={}, xmlVar="x", type="json"); } catch (any e) { report(e); }
fileDelete(path);
writeOutput("done" & chr(10));
</cfscript>
