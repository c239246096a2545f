<cfscript>
nl = chr(10);
base = getTempDirectory() & "rime-cfzip-" & createUUID() & "/";
directoryCreate(base & "src/sub");
fileWrite(base & "src/a.txt", "alpha");
fileWrite(base & "src/b.log", "beta");
fileWrite(base & "src/sub/c.txt", "gamma");
archive = base & "out.zip";
cfzip(action = "zip", file = archive, source = base & "src");
cfzip(action = "list", file = archive, name = "entries");
writeOutput(valueList(entries.name) & " " & entries.type[1] & nl);
cfzip(action = "read", file = archive, entryPath = "sub/c.txt", variable = "text");
writeOutput(text & nl);
// updating (overwrite defaults to false) keeps the other entries; storePath=false keeps names only
fileWrite(base & "extra.txt", "delta");
cfzip(action = "zip", file = archive, source = base & "extra.txt", prefix = "more", storePath = "false");
cfzip(action = "list", file = archive, name = "entries");
writeOutput(entries.recordCount & " " & valueList(entries.name) & nl);
cfzip(action = "delete", file = archive, filter = "*.log");
cfzip(action = "unzip", file = archive, destination = base & "dest");
writeOutput(fileRead(base & "dest/sub/c.txt") & " " & fileExists(base & "dest/b.log") & " " & fileRead(base & "dest/more/extra.txt") & nl);
cfzip(action = "zip", file = base & "flat.zip", source = base & "src", recurse = "false", filter = "*.txt", overwrite = "true");
cfzip(action = "list", file = base & "flat.zip", name = "flat");
writeOutput(valueList(flat.name) & nl);
try { cfzip(action = "read", file = archive, entryPath = "nope.txt", variable = "x"); } catch (any e) { writeOutput(e.type & nl); }
directoryDelete(base, true);
</cfscript>
