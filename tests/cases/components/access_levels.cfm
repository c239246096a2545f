<cfscript>
s = new c_access.Service();
writeOutput(s.ping() & " " & s.pub() & " " & s.plain() & chr(10));
try {
    s.priv();
    writeOutput("no error" & chr(10));
} catch (any e) {
    writeOutput("priv: " & e.type & chr(10));
}
writeOutput(structKeyExists(s, "ping") & " " & structKeyExists(s, "priv") & chr(10));
access = {};
for (f in getMetadata(s).functions) access[f.name] = f.access;
writeOutput(access.ping & "," & access.pub & "," & access.priv & "," & access.pkg & "," & access.plain & chr(10));
</cfscript>
