<cfscript>
nl = chr(10);
writeOutput(lsParseDateTime("12/31/2008", "english (us)") & nl);
writeOutput(lsParseDateTime("31/12/2008", "english (uk)") & nl);
writeOutput(lsParseDateTime("31.12.2008", "german (standard)") & nl);
writeOutput(lsParseDateTime("12/30/08", "english (us)") & nl);
writeOutput(lsParseDateTime("Feb 29, 2008", "english (us)") & nl);
writeOutput(lsParseDateTime("February 29, 2008", "english (us)") & nl);
writeOutput(lsParseDateTime("Friday, February 29, 2008", "english (us)") & nl);
writeOutput(lsParseDateTime("29-Feb-2008", "english (uk)") & nl);
writeOutput(lsParseDateTime("29 February 2008", "english (uk)") & nl);
writeOutput(lsParseDateTime("Friday, 29 February 2008", "english (uk)") & nl);
writeOutput(lsParseDateTime("29. Februar 2008", "german (swiss)") & nl);
writeOutput(lsParseDateTime("Freitag, 29. Februar 2008", "german (swiss)") & nl);
writeOutput(lsParseDateTime("4/6/2008", "english (US)") & nl);
setLocale("German (swiss)");
writeOutput(lsParseDateTime("06.04.08") & nl);
writeOutput(lsParseDateTime("06.04.2008") & nl);
writeOutput(lsParseDateTime("6. April 2008") & nl);
writeOutput(lsParseDateTime("Sonntag, 6. April 2008") & nl);
writeOutput(lsParseDateTime("06.04.08 01:02") & nl);
writeOutput(lsParseDateTime("06.04.2008 01:02:03") & nl);
writeOutput(lsParseDateTime("6. April 2008 01:02:03") & nl);
writeOutput(lsParseDateTime("Sonntag, 6. April 2008 01:02") & nl);
setLocale("fr_CH");
writeOutput(lsParseDateTime("6 avr. 2008") & nl);
writeOutput(lsParseDateTime("6. avril 2008") & nl);
writeOutput(lsParseDateTime("dimanche, 6. avril 2008") & nl);
writeOutput(lsParseDateTime("06.04.08 01:02:03") & nl);
setLocale("en_US");
writeOutput(lsIsDate("31.12.2008", "de_DE") & " " & lsIsDate("12/31/2008", "de_DE") & " " & lsIsDate("12/31/2008") & " " & lsIsDate("Feb 30, 2008") & nl);
bad = ["12/31/2008|english (uk)", "12.31.2008|german (standard)", "13/30/08|english (us)", "Feb 30, 2008|english (us)", "30 February 2008|english (uk)", "30. Februar 2008|german (swiss)"];
for (b in bad) {
    try {
        lsParseDateTime(listFirst(b, "|"), listLast(b, "|"));
        writeOutput("parsed " & b & nl);
    } catch (any e) {
        writeOutput("error" & nl);
    }
}
</cfscript>
