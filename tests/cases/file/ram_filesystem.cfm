<cfscript>
// ram:// is an in-memory file system every file function and tag works on (Lucee).
directoryCreate("ram://rime-case");
fileWrite("ram://rime-case/a.txt", "in memory");
writeOutput(fileRead("ram://rime-case/a.txt") & "|" & fileExists("ram://rime-case/a.txt") & "|");
writeOutput(directoryExists("ram://rime-case") & "|" & directoryExists("ram://") & "|");
directoryCreate("ram://rime-case/sub");
fileCopy("ram://rime-case/a.txt", "ram://rime-case/sub/b.txt");
fileAppend("ram://rime-case/sub/b.txt", "!");
writeOutput(fileRead("ram://rime-case/sub/b.txt") & "|");
writeOutput(arrayToList(directoryList("ram://rime-case", true, "name", "*.txt", "name")) & "|");
writeOutput(getFileInfo("ram://rime-case/sub/b.txt").size & "|");
// `..` never leaves it.
writeOutput(fileExists("ram://../../../etc/passwd") & "|");
</cfscript>
<cffile action="write" file="ram://rime-case/tag.txt" output="by tag" addNewLine="false">
<cffile action="read" file="ram://rime-case/tag.txt" variable="t">
<cfdirectory action="list" directory="ram://rime-case" name="q" filter="*.txt">
<cfoutput>#t#|#q.recordCount#|</cfoutput>
<cfset directoryDelete("ram://rime-case", true)>
<cfoutput>#directoryExists("ram://rime-case")#</cfoutput>
