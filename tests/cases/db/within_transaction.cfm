<cfscript>
writeOutput(isWithinTransaction() & " ");
transaction {
    writeOutput(isWithinTransaction() & " ");
}
writeOutput(isWithinTransaction());
</cfscript>
