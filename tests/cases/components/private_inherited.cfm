<cfscript>
o = new deep.L3();
writeOutput(o.useBaseSecret());
</cfscript>
