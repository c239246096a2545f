<cfscript>
writeOutput(numberFormat(123, "00000") & "|");
writeOutput("[" & numberFormat(123, "99999") & "]|");
writeOutput(numberFormat(123, "+") & "|");
writeOutput(numberFormat(-123, "+") & "|");
writeOutput(numberFormat(123, "__.00") & "|");
writeOutput(numberFormat(11.1, "__.00") & "|");
writeOutput(numberFormat(123456789, "_$,9.99") & "|");
writeOutput(numberFormat(1234567) & "|");
writeOutput(numberFormat("") & "|");
writeOutput(numberFormat(pi(), "0.000000000000000") & "|");
writeOutput(numberFormat(pi(), "0.0000000000000000000") & "|");
writeOutput(numberFormat(1234.5, ",.00") & "|");
writeOutput(numberFormat(0.5, "0.00") & "|");
writeOutput(numberFormat(-5, "(9)") & "|");
writeOutput(numberFormat(4, "roman") & "|");
n = 123;
writeOutput(n.numberFormat("00000"));
</cfscript>
