<cfscript>
// A thread body does not see the locals of the function it is written in (Lucee runs it with a
// local scope of its own): `total = 5` makes a thread-local variable, and reading `total`
// before writing it is an error, which ends the thread.
function work() {
  var total = 0;
  thread name="inner" { total = 5; thread.seen = total; }
  thread name="reader" { thread.value = total; }
  thread action="join" name="inner,reader";
  return total & " " & cfthread.inner.seen & " " & cfthread.reader.status & ": " & cfthread.reader.error.message;
}
writeOutput(work());
</cfscript>
