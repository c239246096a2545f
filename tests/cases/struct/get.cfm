<cfscript>
x = {y: {z: 8}};
writeOutput(structGet("x.y.z") & "|");
made = structGet("fresh.level.deep");
writeOutput(isStruct(made) & "|" & isStruct(fresh.level) & "|" & structIsEmpty(fresh.level.deep) & "|");
made.value = 1;
writeOutput(fresh.level.deep.value);
</cfscript>
