<cfscript>
d = getHTTPRequestData();
writeOutput(d.method & "|" & d.protocol & "|" & d.headers["x-test"] & "|");
writeOutput(isBinary(d.content) ? "binary:" & arrayLen(d.content) : d.content);
if (d.method == "POST" && findNoCase("json", d.headers["content-type"])) {
    writeOutput("|" & deserializeJSON(d.content).name);
}
writeOutput("|" & len(getHTTPRequestData(false).content));
</cfscript>
