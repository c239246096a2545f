<cfscript>
savecontent variable="x" { writeOutput("inside"); }
writeOutput("[" & x & "]");
</cfscript>
