<cfscript>
function boom() { throw(message="should not run"); }
writeOutput((false AND boom()) & ",");
writeOutput((true OR boom()) & ",");
writeOutput(false && boom());
</cfscript>
