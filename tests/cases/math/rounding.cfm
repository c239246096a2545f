<cfscript>
writeOutput(abs(-4.3) & "|");
writeOutput(sgn(0.3) & "|" & sgn(0) & "|" & sgn(-0.3) & "|");
writeOutput(ceiling(1.1) & "|" & ceiling(1) & "|" & ceiling(-1.1) & "|");
writeOutput(floor(4.7) & "|" & floor(-4.3) & "|");
writeOutput(int(1.8) & "|" & int(-1.8) & "|");
writeOutput(fix(1.8) & "|" & fix(-1.8) & "|");
writeOutput(round(1.56) & "|" & round(1.49) & "|" & round(-0.9) & "|");
writeOutput(round(2.5) & "|" & round(-2.5) & "|");
writeOutput(round(3.1415926535, 3) & "|");
n = 4.7;
writeOutput(n.floor() & "|" & n.ceiling() & "|" & n.round());
</cfscript>
