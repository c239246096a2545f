<cfscript>
t = getTempDirectory();
writeOutput((right(t, 1) EQ "/" OR right(t, 1) EQ "\") & "|");
writeOutput(directoryExists(t) & "|");
f = getTempFile(t, "rimecase");
writeOutput(fileExists(f) & "|");
writeOutput(left(getFileFromPath(f), 9) & "|");
writeOutput(listLast(f, ".") & "|");
writeOutput(len(fileRead(f)) & "|");
fileDelete(f);
writeOutput(fileExists(f) & "|");
f2 = getTempFile(t, "rimecase", "txt");
writeOutput(listLast(f2, ".") & "|");
writeOutput((f2 NEQ f) & "|");
fileDelete(f2);
try {
    getTempFile(t & "rime_no_such_dir_42", "p");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
