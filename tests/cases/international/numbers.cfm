<cfscript>
nl = chr(10);
n = 1234567.891;
writeOutput(lsNumberFormat(n) & nl);
writeOutput(lsNumberFormat(n, ",.00") & nl);
writeOutput(lsNumberFormat(n, ",.00", "de_DE") & nl);
writeOutput(lsNumberFormat(-1234.5, ",.00", "German (Standard)") & nl);
writeOutput(lsNumberFormat(5, ".99", "en_US") & nl);
writeOutput(lsNumberFormat(0.5, "9.99", "de_DE") & nl);
writeOutput(lsNumberFormat(2.5) & nl);
setLocale("de_DE");
writeOutput(lsNumberFormat(n) & nl);
writeOutput(lsCurrencyFormat(1234.567) & nl);
writeOutput(lsCurrencyFormat(1234.567, "international") & nl);
writeOutput(lsCurrencyFormat(1234.567, "none") & nl);
writeOutput(lsCurrencyFormat(-1234.567) & nl);
writeOutput(lsEuroCurrencyFormat(5, "local", "de_DE") & nl);
writeOutput(lsParseNumber("1.234,56") & nl);
setLocale("en_US");
writeOutput(lsCurrencyFormat(1234.5) & nl);
writeOutput(lsCurrencyFormat(-1234.5) & nl);
writeOutput(lsCurrencyFormat(1234.5, "international") & nl);
writeOutput(lsCurrencyFormat(1234.5, "none") & nl);
writeOutput(lsCurrencyFormat("", "none") & nl);
writeOutput(lsCurrencyFormat(100000, "local", "English (UK)") & nl);
writeOutput(lsCurrencyFormat(250000, "local", "pt_BR") & nl);
writeOutput(lsCurrencyFormat(100000, "international", "English (Australian)") & nl);
writeOutput(lsParseNumber("1,234.56") & nl);
writeOutput(lsParseNumber("250.000", "pt_BR") & nl);
writeOutput(lsParseNumber("250,000", "pt_BR") & nl);
writeOutput(lsIsNumeric("123") & " " & lsIsNumeric("five") & " " & lsIsNumeric("1.321,00") & " " & lsIsNumeric("1.321,00", "german") & nl);
writeOutput(lsParseCurrency("$120.50") & " " & lsParseCurrency(4.5) & " " & lsParseCurrency("£4.50", "English (UK)") & " " & lsParseCurrency("1.234,56 €", "de_DE") & nl);
writeOutput(lsIsCurrency(4.5) & " " & lsIsCurrency("$4.50") & " " & lsIsCurrency("£4.50", "English (UK)") & " " & lsIsCurrency("four") & nl);
try {
    lsCurrencyFormat(1, "susi");
} catch (any e) {
    writeOutput("error" & nl);
}
try {
    lsParseNumber("12abc");
} catch (any e) {
    writeOutput("error" & nl);
}
</cfscript>
