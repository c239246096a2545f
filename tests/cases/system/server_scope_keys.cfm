<cfscript>
// The server-scope keys Lucee code reads (Linux values).
writeOutput(server.separator.file & "|" & server.separator.path & "|" & len(server.separator.line) & "|");
writeOutput(isStruct(server.java) & " " & structKeyExists(server.java, "version") & "|");
writeOutput(directoryExists(server.coldfusion.rootdir) & "|");
writeOutput(structKeyExists(server.os, "macAddress") & " " & structKeyExists(server.os, "hostname") & "|");
writeOutput((listFindNoCase(server.coldfusion.supportedLocales, "English (United States)") GT 0) & "|");
berlin = getTimeZoneInfo("Europe/Berlin");
ny = getTimeZoneInfo("America/New_York");
writeOutput(berlin.nameDST & "/" & berlin.shortNameDST & "|" & ny.nameDST & "/" & ny.shortNameDST);
</cfscript>
