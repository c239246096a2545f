<cfscript>
// The Rime demo page: a little of everything the language core does.
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
people = [
    {name: "Ada", born: 1815},
    {name: "Grace", born: 1906},
    {name: "Barbara", born: 1939}
];
byAge = function(a, b) { return a.born - b.born; };
</cfscript>
<!DOCTYPE html>
<html>
<head><title>Rime demo</title></head>
<body>
<cfoutput>
<h1>Hello from Rime</h1>
<p>fib(20) = #fib(20)#</p>
<ul>
<cfloop array="#people#" item="p">
    <li>#p.name# (#p.born#)</li>
</cfloop>
</ul>
</cfoutput>
</body>
</html>
