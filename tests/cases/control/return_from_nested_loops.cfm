<cfscript>
function findCell(m, target) {
  for (var r = 1; r <= arrayLen(m); r++) {
    for (var c = 1; c <= arrayLen(m[r]); c++) {
      if (m[r][c] == target) return r & "," & c;
    }
  }
  return "none";
}
writeOutput(findCell([[1,2],[3,4]], 3) & "|" & findCell([[1]], 9));
</cfscript>
