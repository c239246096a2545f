<cfscript>
a = {x = 1, y = 2};
b = {"p": 1, 'q': 2};
writeOutput(a.x + a.y + b.p + b.q);
</cfscript>
