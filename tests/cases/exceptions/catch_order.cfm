<cfscript>
function t(kind) {
  try {
    throw(type=kind, message="m");
  } catch (database e) {
    return "db";
  } catch (Foo e) {
    return "foo";
  } catch (any e) {
    return "any:" & e.type;
  }
}
writeOutput(t("database") & "," & t("foo.bar") & "," & t("other"));
</cfscript>
