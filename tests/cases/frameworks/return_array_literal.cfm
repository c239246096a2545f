<cfscript>
function pair(a, b) { return [a, b]; }
function one(x) { return [x]; }
function none() { return []; }
writeOutput(arrayLen(pair(1, 2)) & "," & one("z")[1] & "," & arrayLen(none()));
</cfscript>
