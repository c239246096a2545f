<cfscript>
log = "";
function f() {
  try {
    return "r";
  } finally {
    log &= "fin";
  }
}
writeOutput(f() & log);
</cfscript>
