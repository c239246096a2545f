<cfscript>
x = 1;
<!--- a tag comment inside script, </cfscript> in it does not end the block --->
x += 1;
<!--- nested <!--- comments ---> nest --->
writeOutput(x);
</cfscript>
