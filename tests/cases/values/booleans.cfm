<cfscript>
t = true; f = false;
writeOutput(t & "," & f & "," & (1 EQ 1) & ",");
if ("yes") writeOutput("yes-true,");
if (!"no") writeOutput("no-false,");
if (1) writeOutput("one-true,");
if (!0) writeOutput("zero-false,");
if ("true") writeOutput("str-true");
</cfscript>
