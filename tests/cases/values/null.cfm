<cfscript>
x = nullValue();
writeOutput(isNull(x) & ",");
writeOutput(isNull(neverDefined) & ",");
writeOutput(isDefined("x") & ",");
y = 1;
writeOutput(isNull(y));
</cfscript>
