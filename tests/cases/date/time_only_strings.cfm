<cfscript>
writeOutput(isValid("time", "11:35 PM") & " " & isDate("23:35:10") & " " & isDate("9:05") & " " & isValid("time", "abc") & " " & isDate("12:") & chr(10));
writeOutput(dateTimeFormat(parseDateTime("11:35 PM"), "yyyy-mm-dd HH:nn") & chr(10));
</cfscript>
