<cfscript>
try {
  try {
    throw(type="Inner", message="first");
  } catch (any e) {
    rethrow;
  }
} catch (Inner e2) {
  writeOutput("outer got " & e2.message);
}
</cfscript>
