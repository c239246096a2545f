<cfscript>
// `235.` is a number (Lucee); `x--`, `--x` and `- -2` as in Lucee.
writeOutput(235. + 1);
writeOutput(" " & (1. * 2));
x = 5;
writeOutput(" " & --x);
writeOutput(" " & - -2);
y = x--;
writeOutput(" " & y & x);
// `--2` is two minus signs, and `a--2` / `1--1` a minus and a sign.
writeOutput(" " & --2 & " " & (x--2) & " " & (1--1) & " " & (x++1));
</cfscript>
