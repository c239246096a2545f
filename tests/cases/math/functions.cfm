<cfscript>
writeOutput(sqr(144) & "|");
writeOutput(exp(1.13140211149) & "|");
writeOutput(log(3.1) & "|");
writeOutput(log10(3.1) & "|");
writeOutput(sin(0.3) & "|");
writeOutput(cos(0.3) & "|");
writeOutput(tan(0.3) & "|");
writeOutput(asin(0.3) & "|");
writeOutput(acos(0.3) & "|");
writeOutput(atn(0.3) & "|");
writeOutput(pi() & "|");
writeOutput(max(4, 9) & "|" & min(4, 9) & "|");
writeOutput(incrementValue(7) & "|" & decrementValue(7));
</cfscript>
