<cfscript>
nl = chr(10);
writeOutput(lsWeek(createDateTime(2019, 10, 4, 1, 50, 0), "en_US") & nl);
writeOutput(lsWeek(createDate(2021, 1, 3), "en_US") & " " & lsWeek(createDate(2021, 1, 3), "de_DE") & nl);
writeOutput(lsWeek(createDate(2021, 1, 4), "de_DE") & " " & lsWeek(createDate(2015, 4, 11), "German (Standard)") & nl);
sunday = createDate(2008, 4, 6);
writeOutput(lsDayOfWeek(sunday) & " " & lsDayOfWeek(sunday, "de_DE") & " " & lsDayOfWeek(createDate(2008, 4, 7), "de_DE") & nl);
setLocale("en_GB");
writeOutput(lsDayOfWeek(sunday) & " " & sunday.lsDayOfWeek() & " " & lsWeek(sunday) & nl);
</cfscript>
