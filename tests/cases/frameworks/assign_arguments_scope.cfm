<cfscript>
function normalize(a, b) { return { a: a & "!", b: "given " & b, c: "new" }; }
function listen(a, b) {
  arguments = normalize(argumentCollection = arguments);
  return arguments.a & "|" & b & "|" & arguments.c;
}
writeOutput(listen("x", "y"));
</cfscript>
