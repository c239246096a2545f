<cfscript>
nl = chr(10);
tree = createObject("java", "java.util.TreeMap").init({"b": 2, "a": "one", "C": "three"});
writeOutput(structKeyList(tree) & nl);
for (k in tree) writeOutput(k & ";");
writeOutput(nl & tree.toString() & nl);
m = createObject("java", "java.util.Collections").synchronizedMap(createObject("java", "java.util.LinkedHashMap").init(5));
m.put("z", 1);
m.put("y", 2);
writeOutput(structKeyList(m) & " " & m.size() & nl);
C = createObject("java", "java.util.Collections");
list = ["pear", "apple", "fig"];
C.sort(list);
writeOutput(arrayToList(list) & nl);
C.reverse(list);
writeOutput(arrayToList(list) & nl);
writeOutput(C.max([3, 9, 2]) & " " & C.min([3, 9, 2]) & " " & C.frequency(["a", "b", "a"], "a") & nl);
writeOutput(arrayToList(C.list(m.keys())) & nl);
writeOutput(arrayToList(C.nCopies(3, "x")) & nl);
A = createObject("java", "java.util.Arrays");
writeOutput(arrayToList(A.asList(["x", "y"])) & " " & arrayLen(A.asList("p", "q", "r")) & nl);
writeOutput(A.toString(["a", "b"]) & nl);

Opt = createObject("java", "java.util.Optional");
o = Opt.of("luis");
writeOutput(o.isPresent() & " " & o.get() & " " & o.orElse("x") & " " & o.toString() & nl);
e = Opt.empty();
writeOutput(e.isPresent() & " " & e.isEmpty() & " " & e.orElse("fallback") & " " & e.toString() & nl);
writeOutput(e.orElseGet(function(){ return "computed"; }) & nl);
writeOutput(o.map(function(v){ return uCase(v); }).get() & nl);
writeOutput(o.filter(function(v){ return len(v) > 10; }).isPresent() & nl);
writeOutput(o.equals(Opt.of("luis")) & " " & o.equals(Opt.of("joe")) & " " & e.equals(Opt.empty()) & nl);
writeOutput(Opt.ofNullable(javacast("null", "")).isPresent() & nl);
o.ifPresent(function(v){ writeOutput("present:" & v & nl); });
try { e.get(); } catch (any err) { writeOutput(err.type & nl); }
try { Opt.of(javacast("null", "")); } catch (any err) { writeOutput(err.type & nl); }

writeOutput(arrayToList(createObject("java", "java.util.stream.IntStream").rangeClosed(1, 5).toArray()) & nl);
writeOutput(createObject("java", "java.util.stream.IntStream").range(0, 4).sum() & nl);
</cfscript>
