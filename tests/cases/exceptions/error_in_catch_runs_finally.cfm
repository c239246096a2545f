<cfscript>
out = "";
try {
  try {
    throw(message="a");
  } catch (any e) {
    throw(message="b");
  } finally {
    out &= "fin";
  }
} catch (any e2) {
  out &= e2.message;
}
writeOutput(out);
</cfscript>
