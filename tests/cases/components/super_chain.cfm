<cfscript>
p = new model.Puppy("Bit");
writeOutput(p.kind() & "|" & p.describe());
</cfscript>
