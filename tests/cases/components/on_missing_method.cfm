<cfscript>
m = new Magic();
writeOutput(m.anything(1, 2) & " " & m.other());
</cfscript>
