<cfscript>
// getContextInfo() says whether the response is flushed; getVFSMetaData describes a scheme;
// queryClose succeeds on a query (Rime's results are read whole, nothing stays open).
writeOutput(getContextInfo().flushed & chr(10));
m = getVFSMetaData("ram");
writeOutput(m.scheme & " " & m.enabled & " " & m.caseSensitive & " " & m.mode & chr(10));
writeOutput(getVFSMetaData("s3").enabled & chr(10));
writeOutput(queryClose(queryNew("a")) & chr(10));
</cfscript>
