<cfscript>
f = new c_iface.FileStream();
f.write("one");
f.write("two");
writeOutput(f.read() & " " & f.close() & chr(10));
writeOutput(isInstanceOf(f, "IStream") & " " & isInstanceOf(f, "IReadable") & " " & isInstanceOf(f, "IWritable") & chr(10));
s = new c_iface.SubReader();
writeOutput(s.read() & chr(10));
writeOutput(isInstanceOf(s, "IReadable") & " " & isInstanceOf(s, "BaseReader") & " " & isInstanceOf(s, "IWritable") & chr(10));
md = getComponentMetadata("c_iface.IStream");
writeOutput(md.type & chr(10));
</cfscript>
