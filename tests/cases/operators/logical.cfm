<cfscript>
writeOutput((true AND false) & ",");
writeOutput((1 AND 2) & ",");
writeOutput(("yes" OR false) & ",");
writeOutput((NOT true) & ",");
writeOutput((true XOR true) & ",");
writeOutput((true EQV false) & ",");
writeOutput((false IMP false) & ",");
writeOutput((true && !false) & ",");
writeOutput((false || 0) & ",");
writeOutput(NOT 1 EQ 2);
</cfscript>
