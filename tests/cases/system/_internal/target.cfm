<cfscript>
request.seen = "yes";
cfheader(name = "X-Answer", value = "42");
cfcookie(name = "flavour", value = "oat meal");
writeOutput("method=#cgi.request_method# url=#url.a ?: ''# form=#form.b ?: ''# header=#getHTTPRequestData().headers['x-h'] ?: ''# body=#toString(getHTTPRequestData().content)#");
if (structKeyExists(url, "fail")) throw(type = "custom.boom", message = "it failed");
</cfscript>
