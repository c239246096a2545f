<cfscript>
function greet(name, greeting = "Hello") {
    return greeting & ", " & name;
}
writeOutput(greet("Ada"));
writeOutput(greet(name = "Bob", greeting = "Hi"));
</cfscript>
