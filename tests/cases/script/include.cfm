<cfscript>
title = "S";
include "../tags/_inc/included.cfm";
writeOutput(fromInclude);
</cfscript>
