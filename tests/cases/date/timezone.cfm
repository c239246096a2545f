<cfscript>
// The request's zone: set, read back, cleared (ids are matched case-insensitively).
setTimeZone("Europe/Berlin");
writeOutput(getTimeZone() & "|");
setTimeZone("america/new_york");
writeOutput(getTimeZone() & "|");
setTimeZone("UTC");
writeOutput(getTimeZone() & "|");

// A date is a wall-clock time in the request's zone; a timezone argument converts it.
d = createDateTime(2024, 1, 15, 12, 0, 0);
writeOutput(dateTimeFormat(d, "yyyy-mm-dd HH:nn z", "Europe/Berlin") & "|");
writeOutput(dateTimeFormat(d, "yyyy-mm-dd HH:nn Z", "America/New_York") & "|");
writeOutput(dateTimeFormat(d, "HH:nn z") & "|");
s = createDateTime(2024, 7, 15, 12, 0, 0);
writeOutput(dateTimeFormat(s, "HH:nn z", "Europe/Berlin") & "|");
writeOutput(dateTimeFormat(s, "iso", "Asia/Kolkata") & "|");
writeOutput(datePart("h", d, "Asia/Tokyo") & "|" & hour(d, "Asia/Tokyo") & "|" & day(createDateTime(2024, 1, 15, 20, 0, 0), "Asia/Tokyo") & "|");
writeOutput(d.hour("America/Los_Angeles") & "|");
writeOutput(dateFormat(createDateTime(2024, 1, 15, 23, 30, 0), "yyyy-mm-dd", "Europe/Berlin") & "|");
writeOutput(timeFormat(d, "HH:mm", "PST") & "|");

// Creating in another zone gives the request zone's wall clock.
writeOutput(dateTimeFormat(createDateTime(2024, 1, 15, 12, 0, 0, 0, "Europe/Berlin"), "HH:nn") & "|");
writeOutput(dateTimeFormat(createDate(2024, 7, 1, "Asia/Tokyo"), "yyyy-mm-dd HH:nn") & "|");

// With the request in Berlin, formatting shows Berlin's zone; UTC is an hour behind.
setTimeZone("Europe/Berlin");
writeOutput(dateTimeFormat(d, "HH:nn z") & "|");
writeOutput(dateTimeFormat(d, "HH:nn", "UTC") & "|");
writeOutput(dateTimeFormat(createDateTime(2024, 1, 15, 12, 0, 0), "epoch") & "|");
writeOutput(getHttpTimeString(createDateTime(2024, 7, 15, 12, 0, 0)) & "|");
writeOutput(lsDateTimeFormat(d, "HH:nn z", "de_DE", "America/Chicago") & "|");
writeOutput(lsWeek(createDateTime(2019, 10, 4, 1, 50, 0), "en_US", "CDT") & "|");

// A time skipped by the change to daylight time reads as an hour later.
writeOutput(dateTimeFormat(createDateTime(2024, 3, 31, 2, 30, 0, 0, "Europe/Berlin"), "HH:nn z") & "|");
// Fixed offsets and Java's short ids.
writeOutput(dateTimeFormat(d, "HH:nn", "GMT+5:30") & "," & dateTimeFormat(d, "HH:nn", "UTC-08") & "," & dateTimeFormat(d, "HH:nn", "JST") & "|");
setTimeZone("gmt-03:00");
writeOutput(getTimeZone() & "|");
setTimeZone("Europe/Berlin");

info = getTimeZoneInfo("Asia/Kolkata");
writeOutput(info.utcTotalOffset & "," & info.utcHourOffset & "," & info.utcMinuteOffset & "," & info.isDSTon & "," & info.id & "|");
writeOutput(getTimeZoneInfo("UTC").utcTotalOffset & "|");

setTimeZone("Pacific/Chatham");
clearTimeZone();
writeOutput((getTimeZone() == "Pacific/Chatham" ? "still" : "cleared") & "|");

try {
    setTimeZone("Nowhere/Special");
} catch (any e) {
    writeOutput(e.message & "|");
}
try {
    dateTimeFormat(d, "HH:nn", "Mars/Olympus");
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
