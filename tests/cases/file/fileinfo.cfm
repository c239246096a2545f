<cfscript>
dir = getTempDirectory() & "rime_case_info_" & createUUID() & "/";
directoryCreate(dir);
f = dir & "info.txt";
fileWrite(f, "12345");
i = getFileInfo(f);
writeOutput(i.name & "|" & i.size & "|" & i.type & "|");
writeOutput(i.canRead & "|" & i.canWrite & "|" & i.isHidden & "|");
writeOutput(isDate(i.lastmodified) & "|");
writeOutput((i.parent & "/" EQ dir OR i.parent & "\" EQ dir) & "|");
writeOutput(getFileInfo(dir).type & "|");
fileSetLastModified(f, createDateTime(2020, 1, 2, 3, 4, 5));
writeOutput(dateTimeFormat(getFileInfo(f).lastmodified, "yyyy-mm-dd HH:nn:ss") & "|");
fi = fileInfo(f);
writeOutput(fi.type & "|" & fi.size & "|" & fi.name & "|");
writeOutput(fi.checksum & "|");
fileWrite(dir & ".hidden", "x");
writeOutput(getFileInfo(dir & ".hidden").isHidden & "|");
fileSetAttribute(f, "normal");
writeOutput(getFileInfo(f).canWrite & "|");
di = directoryInfo(dir);
writeOutput((di.directoryName & "/" EQ listLast(dir, "/\") & "/") & "|");
writeOutput(getCanonicalPath(dir & "sub/../info.txt") EQ getCanonicalPath(f));
directoryDelete(dir, true);
</cfscript>
