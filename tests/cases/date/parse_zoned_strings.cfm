<cfscript>
// A date string that carries its zone is the same instant in the request's zone (Lucee).
setTimeZone("Europe/Berlin");
f = function(s) { return dateTimeFormat(parseDateTime(s), "yyyy-mm-dd HH:nn:ss"); };
writeOutput(f("2024-03-05T10:20:30Z") & ";");
writeOutput(f("2024-03-05T10:20:30+02:00") & ";");
writeOutput(f("2024-07-05T10:20:30-0500") & ";");
writeOutput(f("Tue Mar 05 2024 10:20:30 GMT+0000") & ";");
writeOutput(f("Tue Mar 05 2024 10:20:30 GMT+0100 (Central European Standard Time)") & ";");
writeOutput(f("Tue, 05 Mar 2024 10:20:30 GMT") & ";");
writeOutput(f("2024-03-05 10:20:30") & ";");
writeOutput(isDate("Tue Mar 05 2024 10:20:30 GMT+0000"));
</cfscript>
