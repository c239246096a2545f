<cfscript>
// How long a full collection takes, and how long a thread that writes to a container the
// collection scans waits meanwhile (the pause a request would see). `rime run` this page;
// RECORDS live records of two containers each (a struct and its tags array).
records = val(server.system.environment.RECORDS ?: 300000);
keep = [];
for (i = 1; i <= records; i++) {
    arrayAppend(keep, {id: i, name: "n#i#", tags: ["a", "b"], parent: keep});
}
sys = createObject("java", "java.lang.System");
// The first collection moves the young containers to the old list; the next ones scan it.
sys.gc();
target = keep[1];
request.done = false;
thread name="writer" {
    thread.worst = 0;
    thread.writes = 0;
    while (!request.done) {
        w0 = getTickCount("micro");
        variables.target.n = thread.writes;
        thread.worst = max(thread.worst, getTickCount("micro") - w0);
        thread.writes++;
    }
}
sleep(50);
// A collection asked for while the collector's own thread runs one returns at once: ask
// often enough that several run here.
times = [];
for (k = 1; k <= 20; k++) {
    t0 = getTickCount("micro");
    sys.gc();
    arrayAppend(times, (getTickCount("micro") - t0) / 1000);
    sleep(5);
}
request.done = true;
thread action="join" name="writer";
arraySort(times, "numeric", "desc");
writeOutput("containers: #records * 2 + 1#" & chr(10));
writeOutput("longest full collections, ms: #arrayToList(arraySlice(times, 1, 5), ' ')#" & chr(10));
writeOutput("writer: #cfthread.writer.writes# writes, longest #cfthread.writer.worst / 1000# ms" & chr(10));
</cfscript>
