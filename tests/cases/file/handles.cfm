<cfscript>
dir = getTempDirectory() & "rime_case_h_" & createUUID() & "/";
directoryCreate(dir);
f = dir & "lines.txt";
h = fileOpen(f, "write");
writeOutput(h.mode & "|" & h.status & "|" & h.name & "|");
fileWriteLine(h, "one");
fileWriteLine(h, "two");
fileWrite(h, "three");
fileClose(h);
r = fileOpen(f, "read");
writeOutput(r.mode & "|");
lines = [];
while (!fileIsEOF(r)) {
    arrayAppend(lines, fileReadLine(r));
}
fileClose(r);
writeOutput(arrayToList(lines) & "|");
a = fileOpen(f, "append");
fileWrite(a, chr(10) & "four");
fileClose(a);
writeOutput(listLen(fileRead(f), chr(10)) & "|");
r = fileOpen(f);
writeOutput(fileRead(r, 3) & "|");
fileClose(r);
b = fileOpen(f, "readBinary");
writeOutput(isBinary(fileRead(b, 4)) & "|");
fileClose(b);
try {
    fileReadLine(r);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("closed|");
}
try {
    fileReadLine("not a handle");
    writeOutput("no error|");
} catch (any e) {
    writeOutput("not a handle|");
}
w = fileOpen(f, "write");
try {
    fileReadLine(w);
    writeOutput("no error|");
} catch (any e) {
    writeOutput("write only|");
}
fileClose(w);
writeOutput(len(fileRead(f)) & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
