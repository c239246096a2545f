<cfscript>
o = new deep.L4();
writeOutput(isInstanceOf(o, "L1") & isInstanceOf(o, "deep.L2") & isInstanceOf(o, "L3") & isInstanceOf(o, "Named"));
</cfscript>
