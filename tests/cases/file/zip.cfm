<cfscript>
dir = getTempDirectory() & "rime_case_zip_" & createUUID() & "/";
directoryCreate(dir);
hex = "504B03041400000000000000000000000000020000000200000005000000612E7478746869"
    & "504B0506000000000000000000000000000000000000";
fileWrite(dir & "ok.zip", binaryDecode(hex, "hex"));
fileWrite(dir & "text.zip", "not a zip at all");
writeOutput(isZipFile(dir & "ok.zip") & "|");
writeOutput(isZipFile(dir & "text.zip") & "|");
writeOutput(isZipFile(dir & "missing.zip") & "|");
writeOutput(fileGetMimeType(dir & "ok.zip") & "|");
directoryDelete(dir, true);
writeOutput("done");
</cfscript>
