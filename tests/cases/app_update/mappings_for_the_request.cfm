<cfscript>
// <cfapplication action="update"> as ColdBox's LuceeMappingHelper adds a module's mapping:
// the new mapping resolves components and paths for the rest of the request.
s = getApplicationSettings();
application action="update" mappings="#s.mappings.append({'/zz': expandPath('/orig/sub')})#";
writeOutput(listSort(structKeyList(getApplicationSettings().mappings), "textnocase") & "|");
writeOutput(new zz.Thing().hi() & "|" & fileExists(expandPath("/zz/Thing.cfc")));
</cfscript>
