<cfscript>
setTimeZone("Europe/Berlin");
d = createDateTime(2024, 7, 1, 12, 0, 0);
writeOutput(dateTimeFormat(dateConvert("local2Utc", d), "yyyy-mm-dd HH:nn") & chr(10));
writeOutput(dateTimeFormat(dateConvert("utc2Local", d), "yyyy-mm-dd HH:nn") & chr(10));
w = createDateTime(2024, 1, 1, 12, 0, 0);
writeOutput(dateTimeFormat(dateConvert("LOCAL2UTC", w), "yyyy-mm-dd HH:nn") & chr(10));
try { dateConvert("sideways", d); } catch (any e) { writeOutput(e.message & chr(10)); }
</cfscript>
