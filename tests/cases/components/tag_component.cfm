<cfscript>
t = new TagComp();
writeOutput(t.label("x") & " " & t.twice(21));
</cfscript>
