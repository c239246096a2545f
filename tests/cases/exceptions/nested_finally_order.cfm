<cfscript>
log = [];
function run() {
  try {
    try {
      arrayAppend(log, "body");
      return "ret";
    } finally {
      arrayAppend(log, "inner");
    }
  } finally {
    arrayAppend(log, "outer");
  }
}
r = run();
writeOutput(r & ":" & arrayToList(log));
</cfscript>
