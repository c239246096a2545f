<cfscript>
thread name="a" { thread.v = 1; }
thread name="b" { thread.v = 2; }
threadJoin("a,b");
writeOutput(cfthread.a.v + cfthread.b.v & " ");
thread name="c" { sleep(5000); }
threadTerminate("c");
threadJoin(["c"], 3000);
writeOutput(cfthread.c.status);
</cfscript>
