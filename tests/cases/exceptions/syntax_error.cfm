<cfscript>
x = 1 +;
</cfscript>
