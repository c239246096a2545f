<cfscript>
writeOutput(1+2 & "," & 7-10 & "," & 2*3 & "," & 7/2 & "," & 7\2 & "," & 2^10 & "," & 7 MOD 3 & "," & 7%3);
</cfscript>
