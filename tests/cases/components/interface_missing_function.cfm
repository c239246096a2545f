<cfscript>
b = new BadShape();
</cfscript>
