<cfscript>
writeOutput(bitAnd(5, 3) & "|" & bitOr(5, 3) & "|" & bitXor(5, 3) & "|" & bitNot(0) & "|");
writeOutput(bitSHLN(5, 1) & "|" & bitSHRN(5, 1) & "|");
writeOutput(bitMaskClear(3, 0, 1) & "|" & bitMaskClear(3, 1, 1) & "|" & bitMaskClear(10, 1, 2) & "|");
writeOutput(bitMaskRead(3, 0, 1) & "|" & bitMaskRead(10, 2, 1) & "|" & bitMaskRead(10, 1, 3) & "|");
writeOutput(bitMaskSet(6, 1, 0, 1) & "|" & bitMaskSet(10, 1, 2, 1) & "|" & bitMaskSet(10, 2, 1, 2) & "|");
writeOutput(bitAnd(15, -9) & "|" & bitAnd(-15, -9) & "|" & bitAnd(2147483647, 1));
</cfscript>
