<cfscript>
// The engine's caches, as Lucee's functions empty and list them.
writeOutput(pagePoolClear() & "|" & isArray(pagePoolList()) & "|" & inspectTemplates() & "|");
writeOutput(isNull(componentCacheClear()) & "|" & isStruct(componentCacheList()) & "|");
ctCacheClear();
applicationPathCacheClear();
systemCacheClear();
systemCacheClear("template");
try { systemCacheClear("bogus"); } catch (any e) { writeOutput("invalid name"); }
</cfscript>
