<cfscript>
writeOutput(listChangeDelims("foo,bar,lorem,ipsum", "|") & "|");
writeOutput(listChangeDelims("foo,bar|lorem,ipsum|me|something", "~", "|") & "|");
writeOutput(listChangeDelims("a,,b", "-") & "|");
writeOutput(listChangeDelims("a,,b", "-", ",", true) & "|");
writeOutput(listRemoveDuplicates("one,two,three,four,five,one,five,three") & "|");
writeOutput(listRemoveDuplicates("one,two,three,four,five,ONE,TWO,THREE", ",", true) & "|");
writeOutput(listItemTrim("hello, world ,this, is a, ,example") & "|");
writeOutput(listItemTrim("hello, world ,this, is a,  ,,example", ",", true) & "|");
writeOutput(listCompact(",eggs,milk,bread,flour,") & "|");
writeOutput(arrayToList(listToArray("red,green,orange"), "/") & "|");
writeOutput(arrayLen(listToArray("coldfusion;php;;java;sql", ";", true)) & "|");
writeOutput(arrayToList(listToArray("coldfusion,php,|test,java,|sql", ",|", false, true), "/") & "|");
writeOutput(getToken("a b  c", 3) & "|");
writeOutput(getToken("a,b,c", 2, ",") & "|");
writeOutput("[" & getToken("a,b,c", 5, ",") & "]");
</cfscript>
