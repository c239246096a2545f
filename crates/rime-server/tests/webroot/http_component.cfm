<cfscript>
// Rime's built-in `http` component, calling back into this same server.
h = new http(method = "POST", url = "http://127.0.0.1:#cgi.server_port#/http_echo.cfm");
h.addParam(type = "header", name = "X-Echo", value = "hi");
h.addParam(type = "formfield", name = "n", value = "7");
r = h.send().getPrefix();
writeOutput(r.statusCode & "|" & trim(r.fileContent));
</cfscript>
