<cfscript>
o = new deep.L1();
try { o.secretBase(); } catch (any e) { writeOutput(e.type); }
</cfscript>
