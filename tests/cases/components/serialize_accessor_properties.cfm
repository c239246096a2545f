<cfscript>
p = new c_json.Person();
p.setFirst("Ada").setLast("Lovelace");
writeOutput(serializeJSON(p) & chr(10));
writeOutput(serializeJSON({"person": p}) & chr(10));
writeOutput(serializeJSON([p]) & chr(10));
back = deserializeJSON(serializeJSON(p));
writeOutput(back.first & " " & back.last & " " & isStruct(back) & chr(10));
</cfscript>
