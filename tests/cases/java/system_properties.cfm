<cfscript>
// java.lang.System.setProperty/clearProperty: the process's properties, read back by
// getProperty and getProperties; each returns the previous value (null when none).
sys = createObject("java", "java.lang.System");
writeOutput(isNull(sys.setProperty("rime.test.prop", "bar")) & " ");
writeOutput(sys.getProperty("rime.test.prop") & " ");
writeOutput(sys.setProperty("rime.test.prop", "baz") & " ");
writeOutput(sys.getProperties()["rime.test.prop"] & " ");
writeOutput(sys.clearProperty("rime.test.prop") & " ");
writeOutput(isNull(sys.getProperty("rime.test.prop")) & " " & sys.getProperty("rime.test.prop", "dflt"));
</cfscript>
