<cfscript>
h = new HalfNamed();
</cfscript>
