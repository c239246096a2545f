<cfscript>
writeOutput(listAppend("bar,bar2", "foo") & "|");
writeOutput(listAppend("bar,bar2", "foo", "|") & "|");
writeOutput(listAppend("", "foo") & "|");
writeOutput(listAppend("bar,bar2", "foo,,", ",", true) & "|");
writeOutput(listAppend("bar,bar2", "foo,,", ",", false) & "|");
writeOutput(listPrepend("Close Talker,Soup Nazi", "Puffy Shirt") & "|");
writeOutput(listPrepend("1-2-3-4", "0", "-") & "|");
writeOutput(listPrepend("Feb,Mar,Apr", ",,Jan", ",", true) & "|");
writeOutput(listPrepend("Feb,Mar,Apr", ",,Jan,,", ",", false) & "|");
writeOutput(listSetAt("bar,lorem,ipsum", 2, "foo") & "|");
writeOutput(listSetAt("bar|lorem,ipsum|me|something", 2, "foo", "|") & "|");
writeOutput(listInsertAt("bar,lorem,ipsum", 2, "foo") & "|");
writeOutput(listInsertAt("bar|lorem,ipsum|me|something", 2, "foo", "|") & "|");
writeOutput(listDeleteAt("foo,bar,lorem,ipsum", 2) & "|");
writeOutput(listDeleteAt("foo,bar|lorem,ipsum|me|something", 2, "|") & "|");
writeOutput(listDeleteAt("I,love,lucee,testFile", 4) & "|");
writeOutput("This,is,a,the,test,file".listDeleteAt(3));
</cfscript>
