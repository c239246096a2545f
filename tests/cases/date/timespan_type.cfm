<cfscript>
// createTimeSpan gives Lucee's TimeSpan: a simple value that is a number of days in arithmetic
// and comparisons, and that code can tell from a plain number (ColdBox's cache providers).
t = createTimeSpan(0, 0, 2, 0);
writeOutput(t.getClass().getName() & chr(10));
writeOutput(findNoCase("timespan", t.getClass().getName()) > 0);
writeOutput(" " & findNoCase("timespan", (2 / 1440).getClass().getName()) & chr(10));
writeOutput(isSimpleValue(t) & " " & (t * 1440) & " " & (t == 2 / 1440) & " " & (t lt createTimeSpan(0, 1, 0, 0)) & chr(10));
writeOutput(round(t * 86400) & " " & createTimeSpan(1, 2, 3, 4).getHour() & chr(10));
</cfscript>
