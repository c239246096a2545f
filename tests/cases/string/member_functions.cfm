<cfscript>
s = "Hello";
writeOutput(s.len() & s.uCase() & "abc".reverse() & [1,2,3].len());
</cfscript>
