<cfscript>
function kind(v) {
  switch (v) {
    case "apple": case "pear":
      return "fruit";
    case "carrot":
      return "vegetable";
    default:
      return "unknown";
  }
}
writeOutput(kind("APPLE") & "," & kind("pear") & "," & kind("carrot") & "," & kind("rock"));
</cfscript>
