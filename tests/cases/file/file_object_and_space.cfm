<cfscript>
f = getTempDirectory() & "/rime-space-" & createUUID() & ".txt";
fileWrite(f, "x");
h = fileOpen(f, "read");
writeOutput(isFileObject(h) & " " & isFileObject(f) & " " & isFileObject({}) & "|");
fileClose(h);
writeOutput((getFreeSpace(getTempDirectory()) GT 0) & " " & (getTotalSpace(getTempDirectory()) GTE getFreeSpace(getTempDirectory())));
fileDelete(f);
</cfscript>
