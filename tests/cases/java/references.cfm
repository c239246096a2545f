<cfscript>
// java.lang.ref as ColdBox's soft-reference cache store uses them.
queue = createObject("java", "java.lang.ref.ReferenceQueue").init();
target = {name: "cached"};
ref = createObject("java", "java.lang.ref.SoftReference").init(target, queue);
writeOutput(ref.get().name & "|");
writeOutput(isInstanceOf(ref, "java.lang.ref.SoftReference") & "|");
writeOutput(isNull(queue.poll()) & "|");
writeOutput(ref.refersTo(target) & "|");
writeOutput(isNumeric(ref.hashCode()) & "|");
ref.clear();
writeOutput(isNull(ref.get()));
</cfscript>
