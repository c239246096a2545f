<cfscript>
// runAsync (Lucee): Futures with get, then, error, a timeout, cancel; the function sees the page.
request.trail = "";
f = runAsync(function() { sleep(20); return 20; });

g = f.then(function(v) { return v * 2; }).then(function(v) { return v + 2; });
writeOutput(g.get() & "|" & f.get() & "|" & f.isDone() & "|");
bad = runAsync(function() { throw(message="oops", type="my.err"); });
try { bad.get(); } catch (my.err e) { writeOutput("caught " & e.message & "|"); }
writeOutput(bad.error(function(e) { return "handled " & e.message; }).get() & "|");
slow = runAsync(function() { sleep(2000); return 1; });
try { slow.get(50); } catch (any e) { writeOutput(e.type & "|"); }
writeOutput(slow.cancel() & " " & slow.isCancelled() & "|");
x = 5;
writeOutput(runAsync(function() { return x + 1; }).get());
</cfscript>
