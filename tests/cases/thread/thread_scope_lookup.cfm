<cfscript>
// Inside a <cfthread>, `thread` is the thread's own scope, and what a thread writes to it shows
// in cfthread[name]; a `thread` variable of the caller comes first, as in Lucee (TestBox's runner
// hands its spec threads their target that way).
thread name="own" { thread.answer = 42; }
thread action="join" name="own";
writeOutput(cfthread.own.answer & chr(10));
function runSpecs() {
    thread.target = "the target";
    thread name="spec1" { request.seen1 = thread.target; }
    thread name="spec2" { request.seen2 = thread.target; }
    thread action="join" name="spec1,spec2";
}
runSpecs();
writeOutput(request.seen1 & " / " & request.seen2 & chr(10));
</cfscript>
