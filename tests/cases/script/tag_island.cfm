<cfscript>
// Tag islands (Lucee 6): template code between ``` fences inside script.
x = 5;
```<cfoutput>island #x#|</cfoutput>```
function row(n) {
    ```<cfloop from="1" to="#n#" index="i"><cfoutput>[#i#]</cfoutput></cfloop>```
    return n;
}
row(3);
writeOutput("|after");
</cfscript>
