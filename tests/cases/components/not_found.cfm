<cfscript>
x = new DoesNotExist();
</cfscript>
