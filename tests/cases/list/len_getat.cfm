<cfscript>
writeOutput(listLen("foo,bar,bar2,foo2") & "|");
writeOutput(listLen("foo,bar|bar2|foo2", "|") & "|");
writeOutput(listLen("foo,bar,,foo2", ",", "YES") & "|");
writeOutput(listLen("a,,b,,") & "|");
writeOutput(listLen("") & "|");
writeOutput(listLen("a;b,c", ";,") & "|");
writeOutput("a,b,c".listLen() & "|");
writeOutput(listGetAt("foo,bar,lorem,ipsum", 2) & "|");
writeOutput(listGetAt("foo,bar|lorem,ipsum|me|something", 3, "|") & "|");
writeOutput(listGetAt("foo,bar,,lorem,ipsum", 4, ",", true) & "|");
writeOutput(listGetAt("a,,b,c,", 3, ",", true) & "|");
writeOutput(listGetAt(",,a,,b", 2) & "|");
writeOutput("/a//b/c//d".listGetAt(5, "/", true));
</cfscript>
