<cfscript>
writeOutput(ucFirst("hello world!") & "|");
writeOutput(ucFirst("cfdocs.org is your (everyone's) resource for cf-related documentation!", true) & "|");
writeOutput(ucFirst("CFDOCS.ORG YOUR (EVERYONE'S) RESOURCE FOR CF-RELATED DOCUMENTATION!", true, true) & "|");
writeOutput("lucee".ucFirst());
</cfscript>
