<cfscript>
root = getTempDirectory() & "rime_case_dir_" & createUUID() & "/";
directoryCreate(root & "a/b");
writeOutput(directoryExists(root & "a/b") & "|");
writeOutput(directoryExists(root & "a/c") & "|");
fileWrite(root & "a/one.txt", "1");
fileWrite(root & "a/two.cfm", "22");
fileWrite(root & "a/b/three.txt", "333");
names = directoryList(root & "a", false, "name");
arraySort(names, "text");
writeOutput(arrayToList(names) & "|");
all = directoryList(root & "a", true, "name");
arraySort(all, "text");
writeOutput(arrayToList(all) & "|");
txt = directoryList(root & "a", true, "name", "*.txt");
arraySort(txt, "text");
writeOutput(arrayToList(txt) & "|");
both = directoryList(root & "a", false, "name", "*.txt|*.cfm");
writeOutput(arrayLen(both) & "|");
dirs = directoryList(root & "a", true, "name", "", "", "dir");
writeOutput(arrayToList(dirs) & "|");
files = directoryList(root & "a", false, "name", "", "", "file");
writeOutput(arrayLen(files) & "|");
paths = directoryList(root & "a", false, "path", "*.cfm");
writeOutput((paths[1] EQ root & "a/two.cfm" OR paths[1] EQ root & "a\two.cfm") & "|");
q = directoryList(root & "a", false, "query", "", "name desc");
writeOutput(q.recordCount & "|");
writeOutput(valueList(q.name) & "|");
writeOutput(valueList(q.type) & "|");
writeOutput(valueList(q.size) & "|");
writeOutput(listSort(lCase(q.columnList), "text") & "|");
writeOutput(isDate(q.dateLastModified[1]) & "|");
q2 = directoryList(root & "a", false, "query", "", "size desc");
writeOutput(q2.name[1] & "|");
writeOutput(arrayLen(directoryList(root & "nothing_here")) & "|");
try {
    directoryCreate(root & "a");
    writeOutput("no error|");
} catch (any e) {
    writeOutput("exists|");
}
directoryCreate(root & "a", true, true);
try {
    directoryDelete(root & "a");
    writeOutput("no error|");
} catch (any e) {
    writeOutput("not empty|");
}
directoryRename(root & "a", "renamed");
writeOutput(directoryExists(root & "renamed/b") & "|");
directoryCopy(root & "renamed", root & "copy");
writeOutput(fileExists(root & "copy/one.txt") & "|" & directoryExists(root & "copy/b") & "|");
directoryCopy(root & "renamed", root & "copy2", true, "*.txt");
writeOutput(fileExists(root & "copy2/b/three.txt") & "|" & fileExists(root & "copy2/two.cfm") & "|");
directoryDelete(root, true);
writeOutput(directoryExists(root));
</cfscript>
