<cfscript>
md = getMetadata(new c_tagmeta.Mailer());
writeOutput(md.name & " | " & md.hint & " | " & md.displayname & chr(10));
fns = {};
for (f in md.functions) fns[f.name] = f;
s = fns.send;
writeOutput(s.access & " " & s.returntype & " " & s.hint & chr(10));
for (p in s.parameters) {
    writeOutput(p.name & " " & p.type & " " & p.required & chr(10));
}
writeOutput(s.parameters[1].hint & chr(10));
writeOutput(fns.queue.access & " " & fns.queue.returntype & " " & arrayLen(fns.queue.parameters) & chr(10));
</cfscript>
