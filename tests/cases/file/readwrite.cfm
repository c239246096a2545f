<cfscript>
dir = getTempDirectory() & "rime_case_rw_" & createUUID() & "/";
directoryCreate(dir);
f = dir & "a.txt";
writeOutput(fileExists(f) & "|");
fileWrite(f, "Hello");
writeOutput(fileExists(f) & "|");
writeOutput(fileRead(f) & "|");
fileAppend(f, " World");
writeOutput(fileRead(f) & "|");
fileWrite(f, "héllo", "utf-8");
writeOutput(len(fileReadBinary(f)) & "|");
writeOutput(fileRead(f, "utf-8") & "|");
fileWrite(f, "héllo", "iso-8859-1");
writeOutput(len(fileReadBinary(f)) & "|");
writeOutput(fileRead(f, "iso-8859-1") & "|");
fileWrite(f, toBinary(toBase64("abc")));
writeOutput(fileRead(f) & "|");
writeOutput(isBinary(fileReadBinary(f)) & "|");
fileWrite(f, "");
writeOutput(len(fileRead(f)) & "|");
fileAppend(dir & "new.txt", "created");
writeOutput(fileRead(dir & "new.txt") & "|");
fileDelete(f);
writeOutput(fileExists(f) & "|");
directoryDelete(dir, true);
writeOutput(directoryExists(dir));
</cfscript>
