<cfscript>
dir = getTempDirectory() & "rime_case_mime_" & createUUID() & "/";
directoryCreate(dir);
fileWrite(dir & "a.txt", "plain text");
fileWrite(dir & "b.pdf", "%PDF-1.4 fake");
fileWrite(dir & "c.json", '{"a":1}');
writeOutput(fileGetMimeType(dir & "a.txt") & "|");
writeOutput(fileGetMimeType(dir & "b.pdf") & "|");
writeOutput(fileGetMimeType(dir & "b.pdf", false) & "|");
writeOutput(fileGetMimeType(dir & "a.txt", false) & "|");
writeOutput(fileGetMimeType(dir & "c.json", false) & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
