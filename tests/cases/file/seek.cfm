<cfscript>
dir = getTempDirectory() & "rime_case_seek_" & createUUID() & "/";
directoryCreate(dir);
f = dir & "s.txt";
fileWrite(f, "0123456789");
s = fileOpen(f, "read", "utf-8", true);
fileSeek(s, 4);
writeOutput(fileRead(s, 3) & "|");
fileSkipBytes(s, 1);
writeOutput(fileRead(s, 2) & "|");
writeOutput(fileIsEOF(s) & "|");
fileClose(s);
n = fileOpen(f);
try {
    fileSeek(n, 2);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("not seekable|");
}
fileSkipBytes(n, 8);
writeOutput(fileRead(n, 5) & "|");
fileClose(n);
w = fileOpen(f, "write", "utf-8", true);
fileSeek(w, 2);
fileWrite(w, "ab");
fileClose(w);
writeOutput(fileRead(f) & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
