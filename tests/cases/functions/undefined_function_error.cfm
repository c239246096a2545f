<cfscript>
x = noSuchFunction(1);
</cfscript>
