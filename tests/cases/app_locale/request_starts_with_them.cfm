<cfscript>
writeOutput(getLocale() & "|" & getTimeZone() & "|" & lsNumberFormat(1234.5, ",.00"));
</cfscript>
