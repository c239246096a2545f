<cfscript>
out = "";
for (i = 1; i <= 4; i++) {
  switch (i) {
    case 1:
      out &= "one";
    case 2:
      out &= "two";
      break;
    case 3:
      out &= "three";
      break;
    default:
      out &= "other";
  }
  out &= ";";
}
writeOutput(out);
</cfscript>
