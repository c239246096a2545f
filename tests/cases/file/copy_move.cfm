<cfscript>
dir = getTempDirectory() & "rime_case_cm_" & createUUID() & "/";
directoryCreate(dir & "sub");
fileWrite(dir & "src.txt", "content");
fileCopy(dir & "src.txt", dir & "copy.txt");
writeOutput(fileRead(dir & "copy.txt") & "|");
fileCopy(dir & "src.txt", "sibling.txt");
writeOutput(fileExists(dir & "sibling.txt") & "|");
fileCopy(dir & "src.txt", dir & "sub");
writeOutput(fileExists(dir & "sub/src.txt") & "|");
fileWrite(dir & "copy.txt", "changed");
fileCopy(dir & "src.txt", dir & "copy.txt");
writeOutput(fileRead(dir & "copy.txt") & "|");
fileMove(dir & "copy.txt", dir & "moved.txt");
writeOutput(fileExists(dir & "copy.txt") & "|" & fileRead(dir & "moved.txt") & "|");
fileMove(dir & "moved.txt", dir & "sub/");
writeOutput(fileExists(dir & "sub/moved.txt") & "|");
fileTouch(dir & "deep/new/touched.txt");
writeOutput(fileExists(dir & "deep/new/touched.txt") & "|");
writeOutput(len(fileRead(dir & "deep/new/touched.txt")) & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
