<cfscript>
// createODBCDate / createODBCTime print as date-only and time-only values; they compare and
// calculate as the same instant, and functions that compute a new date make a date-time.
dt = createDateTime(2012, 12, 12, 12, 13, 14);
d = createODBCDate(dt);
t = createODBCTime(dt);
writeOutput(d & "|" & t & "|" & createODBCDateTime(dt) & "|" & createODBCDateTime(d) & "|");
writeOutput((d EQ createDate(2012, 12, 12)) & "|" & (d LT dt) & "|" & dateCompare(d, createDate(2012, 12, 12)) & "|");
writeOutput(dateAdd("d", 1, d) & "|" & timeFormat(t, "HH:mm:ss") & "|" & dateFormat(d, "yyyy-mm-dd") & "|");
writeOutput(isDate(d) & "|" & isDate(t) & "|" & (d + 0) & "|");
</cfscript>
<cfoutput>#createODBCDate(createDate(2024, 1, 2))# #createODBCTime(createDateTime(2024, 1, 2, 3, 4, 5))#</cfoutput>
