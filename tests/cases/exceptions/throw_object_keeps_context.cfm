<cfscript>
// throw(object=cfcatch) rethrows the original exception: its tagContext still starts where
// the error happened, not at the throw (as in Lucee, where the Java exception is rethrown).
function inner() {
  return undefinedThing;
}
function middle() {
  try {
    inner();
  } catch (any e) {
    throw(object = e);
  }
}
try {
  middle();
} catch (any e2) {
  writeOutput(e2.tagContext[1].line & "|" & e2.tagContext[2].line & "|" & e2.message);
}
</cfscript>
