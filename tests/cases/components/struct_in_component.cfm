<cfscript>
r = new Registry();
r.register("a", 1);
r.register("b", [1, 2]);
writeOutput(r.size() & "|" & r.get("a") & "|" & arrayLen(r.get("b")) & "|" & r.get("zzz"));
</cfscript>
