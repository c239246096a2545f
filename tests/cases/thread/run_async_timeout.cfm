<cfscript>
// runAsync's second argument (Lucee): how long get() without a timeout waits, in milliseconds;
// then() and error() take one too; get(0) waits as long as it takes.
slow = runAsync(function() { sleep(500); return 1; }, 50);
try { slow.get(); } catch (any e) { writeOutput("timed out|"); }
writeOutput(slow.get(2000) & "|");
t = runAsync(function() { return 2; }).then(function(v) { sleep(300); return v * 3; }, 20);
try { t.get(); } catch (any e) { writeOutput("then timed out|"); }
writeOutput(t.get(0) & "|");
try { runAsync(function() { return 1; }).nope(); } catch (any e) { writeOutput(e.message); }
</cfscript>
