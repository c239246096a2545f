<cfscript>
d = createObject("java", "java.util.Date").init();
writeOutput(isDate(d) & " " & isInstanceOf(d, "java.util.Date") & " " & isInstanceOf([], "java.util.List") & " " & isInstanceOf({}, "java.util.Map") & " " & isInstanceOf("s", "java.lang.String") & " " & isInstanceOf([], "java.util.Map") & chr(10));
epoch = createObject("java", "java.util.Date").init(0);
writeOutput(dateDiff("s", epoch, now()) > 1e9);
writeOutput(" " & isInstanceOf(createObject("java", "java.lang.StringBuilder").init(), "java.lang.StringBuilder"));
</cfscript>
