<cfscript>
d = createDate(2015, 12, 9);
writeOutput(d & "|");
writeOutput(createDateTime(2016, 1, 1, 5, 30, 25) & "|");
writeOutput(createDate("2015", "12", "09") & "|");
writeOutput(timeFormat(createTime(12, 12, 12), "HH:mm:ss") & "|");
writeOutput(year(d) & "|" & month(d) & "|" & day(d) & "|");
t = createDateTime(2016, 1, 1, 5, 30, 25);
writeOutput(hour(t) & "|" & minute(t) & "|" & second(t) & "|" & quarter(t) & "|" & week(t) & "|");
writeOutput(dayOfWeek(createDate(2010, 9, 8)) & "|" & dayOfYear(createDate(2012, 12, 30)) & "|");
writeOutput(daysInMonth(createDate(2012, 2, 3)) & "|" & daysInYear(createDate(2023, 6, 18)) & "|" & daysInYear(createDate(2012, 2, 3)) & "|");
writeOutput(firstDayOfMonth(createDate(2012, 12, 12)) & "|");
writeOutput(createTimeSpan(0, 6, 0, 0) & "|");
writeOutput(monthAsString(11) & "|" & monthShortAsString(3) & "|" & dayOfWeekAsString(1) & "|" & dayOfWeekShortAsString(7) & "|");
writeOutput(createDate(2022, 10, 1).month() & "|" & createDate(2022, 10, 1).day() & "|" & t.year() & "|");
writeOutput(createODBCDateTime(createDateTime(2012, 12, 12, 12, 12, 12)) & "|");
writeOutput(dateFormat(createODBCDate(createDateTime(2012, 12, 12, 12, 12, 12)), "yyyy-mm-dd") & timeFormat(createODBCDate(createDateTime(2012, 12, 12, 12, 12, 12)), "HH:mm") & "|");
try {
    createDate(2015, 2, 30);
    writeOutput("no");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
