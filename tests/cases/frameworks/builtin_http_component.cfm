<cfscript>
h = new http(method = "post", url = "http://127.0.0.1:9/none");
h.setCharset("utf-8").setTimeout(5);
h.addParam(type = "header", name = "X-One", value = "1").addParam(type = "body", value = "b");
writeOutput(getMetadata(h).name & "|" & h.getMethod() & "|" & h.getCharset() & "|" & arrayLen(h.getParams()) & "|" & h.getParams()[1].name);
h.clearParams();
writeOutput("|" & arrayLen(h.getParams()));
cfdirectory(attributeCollection = { action: "list", directory: getDirectoryFromPath(getCurrentTemplatePath()), name: "found", filter: "builtin_http_component.cfm" });
writeOutput("|" & found.recordCount);
</cfscript>
