<cfscript>
try {
  throw(type="My.Custom.Error", message="boom", detail="more", errorcode="E42");
} catch (My.Custom e) {
  writeOutput(e.type & "|" & e.message & "|" & e.detail & "|" & e.errorCode);
}
</cfscript>
