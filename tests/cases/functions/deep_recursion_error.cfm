<cfscript>
function down(n) { return down(n + 1); }
down(1);
</cfscript>
