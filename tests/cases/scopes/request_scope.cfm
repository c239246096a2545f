<cfscript>
request.counter = 1;
function bump() { request.counter++; }
bump(); bump();
writeOutput(request.counter);
</cfscript>
