<cfscript>
// A Java object: getMetadata gives its class, a bean property reads its getter (`name` is
// `getName()`), every object answers getClass(), invoke() calls its methods, isObject is true.
sb = createObject("java", "java.lang.StringBuilder").init();
writeOutput(getMetadata(sb).name & " " & sb.getClass().name & " " & sb.getClass().simpleName & " ");
q = createObject("java", "java.lang.ref.ReferenceQueue").init();
writeOutput(getMetadata(q).name & " ");
sb2 = invoke(createObject("java", "java.lang.StringBuilder"), "init", ["abc"]);
writeOutput(sb2.toString() & " " & invoke(sb2, "length") & " " & isObject(sb2) & " " & isObject("x"));
</cfscript>
