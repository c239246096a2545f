<cfscript>
// A component found through a mapping is named by the path it was created through (Lucee
// names it after the mapping it was loaded by), even when another mapping also holds its file.
o = createObject("component", "mod.models.MyModel");
writeOutput(getMetadata(o).name & " " & isInstanceOf(o, "mod.models.MyModel") & "|");
p = new aroot.lib.mod.models.MyModel();
writeOutput(getMetadata(p).name & "|");
// One added by <cfapplication action="update"> too.
newMappings = getApplicationSettings().mappings.append({"/mserv": expandPath("/aroot/lib/mod/")});
application action="update" mappings="#newMappings#";
q = createObject("component", "mserv.models.MyModel");
writeOutput(getMetadata(q).name & " " & isInstanceOf(q, "mserv.models.MyModel"));
</cfscript>
<cfscript>
// A parent found beside its child takes the child's package; a component found beside the
// calling page is named from the root through the page's folder.
c = createObject("component", "mod.models.Child");
writeOutput("|" & getMetadata(c).name & " extends " & getMetadata(c).extends.name);
d = new lib.mod.models.Child();
writeOutput("|" & listLast(getMetadata(d).name, "_") & " extends " & listLast(getMetadata(d).extends.name, "_"));
</cfscript>
