<cfscript>
writeOutput(getNumericDate("2018-01-01") & chr(10));
writeOutput(getNumericDate(createDateTime(2018, 1, 1, 12, 0, 0)) & chr(10));
writeOutput(preserveSingleQuotes("O'Brien") & chr(10));
x = {y: 1};
writeOutput(parameterExists("x.y") & "," & parameterExists("x.z") & chr(10));
writeOutput(isDebugMode() & chr(10));
b = beat();
writeOutput((b GTE 0 AND b LT 1000) & chr(10));
writeOutput(isNumeric(sizeOf([1, 2, 3])) & chr(10));
</cfscript>
