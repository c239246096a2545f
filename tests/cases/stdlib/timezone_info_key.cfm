<cfscript>
// Lucee 6 names the zone twice: `id` and `timezone`.
setTimeZone("CET");
i = getTimeZoneInfo();
writeOutput(i.timezone & "," & i.id & "|");
writeOutput(getTimeZoneInfo("Asia/Kolkata").timezone & "|");
clearTimeZone();
writeOutput(getTimeZoneInfo().timezone == getTimeZone());
</cfscript>
