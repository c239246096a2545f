<cfscript>
function bad() { return [1][3]; }
try { bad(); } catch (any e) { writeOutput("caught " & e.type); }
</cfscript>
