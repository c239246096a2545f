<cfscript>
try {
    p = new c_iface.Partial();
    writeOutput("created" & chr(10));
} catch (any e) {
    writeOutput("caught " & e.type & chr(10));
}
writeOutput(new c_iface.Buffer().write("ok").read() & chr(10));
</cfscript>
