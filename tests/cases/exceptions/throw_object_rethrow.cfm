<cfscript>
try {
  try {
    throw(type="Orig", message="first");
  } catch (any e) {
    throw(object = e);
  }
} catch (Orig e2) {
  writeOutput(e2.message);
}
</cfscript>
