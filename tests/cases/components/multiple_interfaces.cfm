<cfscript>
b = new c_iface.Buffer();
writeOutput(b.write("ab").write("cd").read() & chr(10));
writeOutput(isInstanceOf(b, "IReadable") & " " & isInstanceOf(b, "IWritable") & " " & isInstanceOf(b, "IStream") & chr(10));
writeOutput(isInstanceOf(b, "components.c_iface.IReadable") & " " & isInstanceOf(b, "components.c_iface.Buffer") & chr(10));
</cfscript>
