<cfscript>
try {
  throw message="attr form" type="Attr.Type";
} catch (Attr.Type e) {
  writeOutput(e.message);
}
</cfscript>
