<cfscript>
nl = chr(10);
writeOutput(monthAsString(3) & " " & monthShortAsString(3) & " " & dayOfWeekAsString(1) & " " & dayOfWeekShortAsString(7) & nl);
writeOutput(monthAsString(3, "de_DE") & " " & monthShortAsString(1, "de_DE") & " " & dayOfWeekAsString(1, "German (Standard)") & " " & dayOfWeekShortAsString(1, "de_DE") & nl);
writeOutput(dayOfWeekShortAsString(1, "German (Swiss)") & " " & dayOfWeekShortAsString(1, "fr") & nl);
writeOutput(monthAsString(8, "fr_FR") & " " & dayOfWeekAsString(2, "fr_FR") & " " & monthAsString(5, "es_ES") & nl);
setLocale("de_DE");
writeOutput(monthAsString(12) & " " & dayOfWeekAsString(7) & nl);
</cfscript>
