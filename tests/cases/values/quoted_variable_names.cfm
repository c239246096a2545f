<cfscript>
for (i = 1; i <= 2; i++) { "item#i#" = i * 10; }
"a.b" = "deep";
writeOutput(item1 + item2 & "|" & a.b);
</cfscript>
