<cfscript>
i = getTimeZoneInfo("UTC");
writeOutput(i.offset & "," & i.DSTOffset & "," & i.utcTotalOffset & chr(10));
i = getTimeZoneInfo("Asia/Kolkata");
writeOutput(i.offset & "," & i.DSTOffset & "," & i.utcTotalOffset & "," & i.utcHourOffset & "," & i.utcMinuteOffset & chr(10));
// Daylight time or not, offset = -utcTotalOffset and DSTOffset is the shift in force.
i = getTimeZoneInfo("Europe/Berlin");
writeOutput((i.offset == -i.utcTotalOffset) & "," & (i.DSTOffset == (i.isDSTon ? 3600 : 0)));
</cfscript>
<cfscript>
writeOutput(chr(10));
// Java's long English names; a zone Java has no name for is named by its standard offset.
for (z in ["UTC", "Europe/Berlin", "america/new_york", "PST", "Asia/Kolkata", "Australia/Sydney", "Etc/GMT+3"]) {
    writeOutput(z & ": " & getTimeZoneInfo(z).name & chr(10));
}
</cfscript>
