<cfscript>
p = new shop.Product("z");
q = duplicate(p);
q.setSku("copy");
writeOutput(p.getSku() & "|" & isObject(p));
</cfscript>
