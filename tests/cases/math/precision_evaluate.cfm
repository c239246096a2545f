<cfscript>
// Decimal arithmetic, as Lucee evaluates with BigDecimal (34 significant digits).
writeOutput(precisionEvaluate("1234567890123456789 * 10") & chr(10));
writeOutput(precisionEvaluate("0.1 + 0.2") & chr(10));
writeOutput(precisionEvaluate("1/3") & chr(10));
writeOutput(precisionEvaluate("12345678901234567890 mod 7") & chr(10));
x = "99999999999999999999";
writeOutput(precisionEvaluate("x + 1") & chr(10));
writeOutput(precisionEvaluate("(2 + 3) * len('abcd')") & chr(10));
writeOutput(precisionEvaluate("2^64") & chr(10));
writeOutput(precisionEvaluate(1/4) & chr(10));
writeOutput(precisionEvaluate("'a' & 'b'") & chr(10));
try { precisionEvaluate("1/0"); } catch (any e) { writeOutput(e.message & chr(10)); }
writeOutput(isNumeric(precisionEvaluate("1/3")) & chr(10));
</cfscript>
