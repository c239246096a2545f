<cfscript>
out = "";
try {
  out &= "t";
} finally {
  out &= "f";
}
try {
  try {
    throw(message="x");
  } finally {
    out &= "F";
  }
} catch (any e) {
  out &= "C";
}
writeOutput(out);
</cfscript>
