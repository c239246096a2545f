<cfscript>
dir = getTempDirectory() & "rime_case_err_" & createUUID() & "/";
directoryCreate(dir);
function tryIt(f) {
    try {
        f();
        return "ok";
    } catch (any e) {
        return "error:" & (findNoCase("nope", e.message) GT 0);
    }
}
writeOutput(tryIt(function() { return fileRead(dir & "nope.txt"); }) & "|");
writeOutput(tryIt(function() { return fileReadBinary(dir & "nope.bin"); }) & "|");
writeOutput(tryIt(function() { fileDelete(dir & "nope.txt"); }) & "|");
writeOutput(tryIt(function() { fileCopy(dir & "nope.txt", dir & "x.txt"); }) & "|");
writeOutput(tryIt(function() { fileMove(dir & "nope.txt", dir & "x.txt"); }) & "|");
writeOutput(tryIt(function() { fileWrite(dir & "nope/deeper/x.txt", "x"); }) & "|");
writeOutput(tryIt(function() { fileOpen(dir & "nope.txt", "read"); }) & "|");
writeOutput(tryIt(function() { getFileInfo(dir & "nope.txt"); }) & "|");
writeOutput(tryIt(function() { directoryDelete(dir & "nope"); }) & "|");
writeOutput(tryIt(function() { directoryRename(dir & "nope", dir & "other"); }) & "|");
writeOutput(tryIt(function() { fileOpen(dir & "x.txt", "sideways"); }) & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
