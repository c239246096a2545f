<cfscript>
dir = getTempDirectory() & "rime_case_ini_" & createUUID() & "/";
directoryCreate(dir);
f = dir & "settings.ini";
fileWrite(f, "[db]" & chr(10) & "host=localhost" & chr(10) & "port=5432" & chr(10) & "[app]" & chr(10) & "name=Rime" & chr(10));
writeOutput(getProfileString(f, "db", "host") & "|");
writeOutput(getProfileString(f, "app", "name") & "|");
writeOutput(getProfileString(f, "app", "missing") & "|");
setProfileString(f, "db", "host", "remote");
setProfileString(f, "app", "debug", "false");
setProfileString(f, "cache", "size", "10");
writeOutput(getProfileString(f, "db", "host") & "|");
writeOutput(getProfileString(f, "app", "debug") & "|");
writeOutput(getProfileString(f, "cache", "size") & "|");
s = getProfileSections(f);
writeOutput(s.db & "|" & s.app & "|" & s.cache & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
