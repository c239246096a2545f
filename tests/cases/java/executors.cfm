<cfscript>
nl = chr(10);
executors = createObject("java", "java.util.concurrent.Executors");
tu = createObject("java", "java.util.concurrent.TimeUnit");
pool = executors.newFixedThreadPool(2);
f = pool.submit(createDynamicProxy(new ExecTask(21), ["java.util.concurrent.Callable"]));
writeOutput(f.get() & " " & f.isDone() & " " & f.isCancelled() & nl);
timer = executors.newScheduledThreadPool(1);
application.execTicks = 0;
p = timer.scheduleAtFixedRate(createDynamicProxy(new ExecTask(0), "java.lang.Runnable"), 0, 10, tu.MILLISECONDS);
sleep(400);
writeOutput(p.cancel(true) & " " & p.isCancelled() & " " & (application.execTicks >= 2) & nl);
later = timer.schedule(createDynamicProxy(new ExecTask(5), ["java.util.concurrent.Callable"]), 20, tu.MILLISECONDS);
writeOutput(later.get(5, tu.SECONDS) & nl);
pool.shutdown();
timer.shutdown();
writeOutput(pool.awaitTermination(5, tu.SECONDS) & " " & timer.awaitTermination(5, tu.SECONDS) & " " & pool.isShutdown() & " " & pool.isTerminated() & nl);
try { pool.submit(createDynamicProxy(new ExecTask(1), ["java.util.concurrent.Callable"])); } catch (any e) { writeOutput(e.type & nl); }
try { createDynamicProxy(new ExecTask(1), ["java.util.concurrent.Callable"]).nope(); } catch (any e) { writeOutput(e.type & nl); }
</cfscript>
