<cfscript>
try {
  throw(type="T", message="M", detail="D");
} catch (any e) {
  writeOutput(isStruct(e) & "," & structKeyExists(e, "message") & "," & e["type"]);
}
</cfscript>
