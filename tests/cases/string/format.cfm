<cfscript>
writeOutput(dollarFormat(1236598.2) & "|");
writeOutput(dollarFormat(-11.34) & "|");
writeOutput(dollarFormat(0) & "|");
writeOutput(decimalFormat(1234.5) & "|");
writeOutput(formatBaseN(10, 2) & "|");
writeOutput(formatBaseN(1024, 16) & "|");
writeOutput(formatBaseN(125, 10) & "|");
writeOutput(formatBaseN(10.75, 2) & "|");
writeOutput(inputBaseN("1010", 2) & "|");
writeOutput(inputBaseN("3FF", 16) & "|");
writeOutput(inputBaseN(1010, 2) & "|");
writeOutput(val("120test12sstring") & "|");
writeOutput(val("string98") & "|");
writeOutput(val("-1.5abc") & "|");
writeOutput(parseNumber("1010", "bin") & "|");
writeOutput(parseNumber("1010", "hex"));
</cfscript>
