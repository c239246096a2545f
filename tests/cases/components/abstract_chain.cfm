<cfscript>
t = new c_abs.Triangle(4, 3);
writeOutput(t.describe() & chr(10));
writeOutput(isInstanceOf(t, "Shape") & " " & isInstanceOf(t, "Polygon") & chr(10));
try {
    p = new c_abs.Polygon();
    writeOutput("created" & chr(10));
} catch (any e) {
    writeOutput("polygon: " & e.type & chr(10));
}
try {
    s = createObject("component", "c_abs.Shape");
    writeOutput("created" & chr(10));
} catch (any e) {
    writeOutput("shape: " & e.type & chr(10));
}
</cfscript>
