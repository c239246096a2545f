<cfscript>
out = "";
for (i = 1; i <= 3; i++) {
  try {
    if (i == 2) throw(message="skip");
    out &= i;
  } catch (any e) {
    continue;
  }
}
writeOutput(out);
</cfscript>
