<cfscript>
writeOutput(new c_final.Good().label() & chr(10));
try {
    b = new c_final.Bad();
    writeOutput("created" & chr(10));
} catch (any e) {
    writeOutput("caught " & e.type & chr(10));
}
</cfscript>
