<cfscript>
b = new c_omm.Bag();
writeOutput(b.getColor() & chr(10));
b.setColor("red").setSize(3);
writeOutput(b.getColor() & " " & b.getSize() & chr(10));
writeOutput(b.configure(color = "blue", size = 9) & chr(10));
try {
    b.explode();
} catch (any e) {
    writeOutput(e.type & ": " & e.message & chr(10));
}
</cfscript>
