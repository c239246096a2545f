<cfscript>
writeOutput(parseDateTime("2024-01-31 13:45:00") & "|");
writeOutput(parseDateTime("1/31/2024") & "|");
writeOutput(parseDateTime("January 5, 2024") & "|");
writeOutput(parseDateTime("31.01.2024", "dd.mm.yyyy") & "|");
writeOutput(parseDateTime("2024/01/31 01:45 PM", "yyyy/mm/dd hh:nn tt") & "|");
writeOutput(isDate("2024-13-45") & "|" & isDate("January 31, 2024") & "|" & isDate("{ts '2024-01-31 13:45:00'}") & "|");
writeOutput(dateFormat(parseDateTime("{ts '2024-01-31 13:45:00'}"), "yyyy-mm-dd"));
</cfscript>
