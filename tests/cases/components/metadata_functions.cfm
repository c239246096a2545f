<cfscript>
md = getMetadata(new c_meta.Order());
fns = {};
for (f in md.functions) fns[f.name] = f;
writeOutput(arrayLen(md.functions) & chr(10));
d = fns.describe;
writeOutput(d.access & " " & d.returntype & " " & arrayLen(d.parameters) & chr(10));
for (p in d.parameters) {
    writeOutput(p.name & ":" & p.type & ":" & p.required & (structKeyExists(p, "default") ? ":" & p.default : "") & chr(10));
}
writeOutput(fns.total.access & " " & fns.total.returntype & chr(10));
writeOutput(fns.untyped.access & " " & fns.untyped.returntype & " " & fns.untyped.parameters[1].type & " " & fns.untyped.parameters[1].required & chr(10));
writeOutput(d.cached & chr(10));
</cfscript>
