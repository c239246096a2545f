<cfscript>
// The zone names Lucee accepts besides Java's ids: Windows names, CEST, and EST/MST/CST/PST as
// their regions' times (with daylight saving).
setTimeZone("UTC");
d = createDateTime(2024, 7, 1, 12, 0, 0);
for (z in ["CEST", "W. Europe Standard Time", "EST", "Eastern Standard Time", "PDT", "Etc/GMT+3", "Tokyo Standard Time", "india standard time"]) {
    writeOutput(z & "=" & dateTimeFormat(d, "HH:nn", z) & ";");
}
try { dateTimeFormat(d, "HH:nn", "Mars/Olympus"); } catch (any e) { writeOutput(e.message); }
</cfscript>
