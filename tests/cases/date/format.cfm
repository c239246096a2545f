<cfscript>
d = createDateTime(2015, 4, 11, 19, 2, 5);
writeOutput(dateFormat(d) & "|");
writeOutput(dateFormat(d, "yyyy-mm-dd") & "|");
writeOutput(dateFormat(d, "mm/dd/yyyy") & "|");
writeOutput(dateFormat(d, "d mmm yy") & "|");
writeOutput(dateFormat(d, "dddd, mmmm d, yyyy") & "|");
writeOutput(dateFormat(d, "ddd m/d") & "|");
writeOutput(dateFormat(d, "short") & "|");
writeOutput(dateFormat(d, "medium") & "|");
writeOutput(dateFormat(d, "long") & "|");
writeOutput(dateFormat(d, "full") & "|");
writeOutput(dateFormat("2015-04-11", "iso") & "|");
writeOutput(createDate(2022, 10, 1).dateFormat("mm/dd/yyyy") & "|");
writeOutput(timeFormat(d) & "|");
writeOutput(timeFormat(d, "HH:mm:ss") & "|");
writeOutput(timeFormat(d, "h:mm tt") & "|");
writeOutput(timeFormat(d, "h:m:s t") & "|");
writeOutput(timeFormat(createDateTime(2017, 8, 31, 15, 25, 11)) & "|");
writeOutput(createDateTime(2017, 8, 31, 15, 25, 11).timeFormat("h:mm tt") & "|");
writeOutput(dateTimeFormat(d) & "|");
writeOutput(dateTimeFormat(d, "yyyy-mm-dd HH:nn:ss") & "|");
writeOutput(dateTimeFormat(d, "mm/dd/yyyy hh:nn:ss tt") & "|");
writeOutput(dateTimeFormat(d, "dddd, mmmm d, yyyy 'at' h:nn tt") & "|");
writeOutput(createDateTime(2022, 10, 1, 9, 30, 0).dateTimeFormat("mm/dd/yyyy hh:nn:ss tt") & "|");
writeOutput(d.format("yyyymmdd") & "|");
writeOutput(dateFormat("") & "|" & timeFormat("") & "|");
writeOutput(dateFormat("2015-04-11", "short"));
</cfscript>
