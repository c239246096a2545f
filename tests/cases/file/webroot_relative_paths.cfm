<cfscript>
// An absolute path that exists nowhere on disk is read relative to the web root (Lucee), and
// `\` separates folders as `/` does.
dir = getDirectoryFromPath(getCurrentTemplatePath());
fileWrite(dir & "rime-webroot-rel.txt", "found");
rel = replace(dir & "rime-webroot-rel.txt", expandPath("/"), "/");
writeOutput(fileRead(rel) & "|" & fileExists(rel) & "|");
writeOutput(fileRead(replace(dir, "/", "\", "all") & "rime-webroot-rel.txt") & "|");
fileDelete(rel);
writeOutput(fileExists(dir & "rime-webroot-rel.txt"));
</cfscript>
