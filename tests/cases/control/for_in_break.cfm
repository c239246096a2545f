<cfscript>
out = "";
for (x in ["a", "b", "c", "d"]) {
  if (x == "c") break;
  out &= x;
}
writeOutput(out);
</cfscript>
