<cfscript>
// callStackGet(): the CFML frames running, innermost first (Lucee's keys).
function inner() {
  return callStackGet();
}
function outer() {
  return inner();
}
stack = outer();
for (f in stack) {
  writeOutput(f.Function & ":" & f.LineNumber & ":" & listLast(f.Template, "/\") & ";");
}
writeOutput("|" & arrayLen(callStackGet(offset = 0, maxFrames = 1)));
writeOutput("|" & isJSON(callStackGet("json")));
</cfscript>
