<cfscript>
// objectSave keeps a component's data (as Java serialization does in Lucee); objectLoad gives
// an instance of the same component with that data back, without calling init again.
b = new SavedBean("Ada");
b.setTags(["x", "y"]);
b.extra = createTimeSpan(0, 0, 2, 0);
back = objectLoad(objectSave({bean: b, n: 1}));
writeOutput(getMetadata(back.bean).name.listLast(".") & " " & back.bean.getName() & " " & arrayToList(back.bean.getTags()) & chr(10));
writeOutput(back.bean.initCalls() & " " & (back.bean.extra * 1440) & " " & back.n & chr(10));
writeOutput((back.bean === b) & chr(10));
</cfscript>
