<cfscript>
x = "abc" + 1;
</cfscript>
