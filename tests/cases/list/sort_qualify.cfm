<cfscript>
writeOutput(listSort("COLDFUSION,coldfusion,adobe,LucEE,RAILO", "Text", "desc") & "|");
writeOutput(listSort("10;20;-99;46;50", "Numeric", "asc", ";") & "|");
writeOutput(listSort("10|RED|yeLLow|-246|green|ORange", "TextNoCase", "asc", "|") & "|");
writeOutput(listSort("4,-16,2,15,-5,7,11", "numeric", "desc") & "|");
writeOutput(listSort("b,,a,c", "text") & "|");
writeOutput(listQualify("coldfusion:railo:144:lucee:46", "|", ":") & "|");
writeOutput(listQualify("coldfusion:railo:144:lucee:46", "|", ":", "CHAR") & "|");
writeOutput(listQualify("coldfusion:railo:144::lucee::46", "|", ":", "CHAR", true) & "|");
writeOutput(listQualify("a,b", "'"));
</cfscript>
