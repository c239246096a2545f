<cfscript>
writeOutput(listFirst("one,two,three,four") & "|");
writeOutput(listFirst(",,one,two") & "|");
writeOutput(listLast("one,two,three,four") & "|");
writeOutput(listLast("one/two\three/four", "\/") & "|");
writeOutput(listLast("Susi ,LAS,,lucee,,,test") & "|");
writeOutput(listLast("a,b,") & "|");
writeOutput(listRest("one,two,three,four") & "|");
writeOutput(listRest(listRest("one,two,three,four")) & "|");
writeOutput(listFirst(listRest(listRest("one,two,three,four"))) & "|");
writeOutput("[" & listRest("one") & "]|");
writeOutput("[" & listFirst("") & "]|");
writeOutput("dev@LAS@lucee".listFirst("@") & "|");
writeOutput(listFirst("a,b,c,d", ",", false, 2) & "|");
writeOutput(listLast("a,b,c,d", ",", false, 2));
</cfscript>
