<cfscript>
function grade(n) {
  if (n >= 90) { return "A"; }
  else if (n >= 80) { return "B"; }
  else if (n >= 70) return "C";
  else { return "F"; }
}
writeOutput(grade(95) & grade(85) & grade(75) & grade(10));
</cfscript>
