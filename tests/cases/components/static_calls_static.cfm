<cfscript>
writeOutput(c_static.MathUtil::square(7) & chr(10));
writeOutput(c_static.MathUtil::sumOfSquares(3, 4) & chr(10));
writeOutput(new c_static.MathUtil().viaInstance(5) & chr(10));
writeOutput(c_static.MathUtil::square(n = 9) & chr(10));
</cfscript>
