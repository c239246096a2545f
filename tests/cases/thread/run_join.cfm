<cfscript>
results = {};
for (i = 1; i <= 3; i++) {
  thread name="w#i#" n=i {
    results["r" & attributes.n] = attributes.n * 10;
    thread.done = true;
    writeOutput("out" & attributes.n);
  }
}
thread action="join" name="w1,w2,w3";
writeOutput(results.r1 + results.r2 + results.r3);
writeOutput("|" & cfthread.w2.status & "|" & cfthread.w2.output & "|" & cfthread.w3.done);
</cfscript>
