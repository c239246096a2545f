<cfscript>
nl = chr(10);
rt = createObject("java", "java.lang.Runtime").getRuntime();
writeOutput((rt.availableProcessors() >= 1) & " " & (rt.maxMemory() > 0) & " " & (rt.freeMemory() <= rt.totalMemory()) & " " & (rt.totalMemory() <= rt.maxMemory()) & nl);
t = createObject("java", "java.lang.Thread").currentThread();
writeOutput(t.getThreadGroup().getName() & " " & t.isInterrupted() & nl);
t.interrupt();
writeOutput(t.isInterrupted() & " " & t.interrupted() & " " & t.isInterrupted() & nl);
t.interrupt();
try { createObject("java", "java.lang.Thread").sleep(1); } catch (any e) { writeOutput(e.type & nl); }
writeOutput(t.isInterrupted() & nl);
Str = createObject("java", "java.lang.String");
s = Str.init("hello");
writeOutput(s & " " & len(s) & " " & s.toUpperCase() & " [" & Str.init() & "]" & nl);
writeOutput(Str.valueOf(true) & " " & Str.join("-", ["a", "b", "c"]) & nl);
ex = createObject("java", "java.lang.RuntimeException").init("boom");
writeOutput(ex.getMessage() & " | " & ex.toString() & " | " & ex.getClass().getName() & " | " & isNull(ex.getCause()) & nl);
try { createObject("java", "lucee.runtime.PageSourceImpl"); } catch (any e) { writeOutput(e.type & nl); }
try { createObject("java", "java.util.concurrent.CompletableFuture"); } catch (any e) { writeOutput(e.type & nl); }
try { rt.exec("ls"); } catch (any e) { writeOutput(findNoCase("java.lang.Runtime.exec", e.message) > 0); writeOutput(nl); }
</cfscript>
