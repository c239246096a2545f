<cfscript>
list = [new Named(), new Named()];
total = 0;
for (item in list) total += item.id();
writeOutput(total);
</cfscript>
