<cfset base = "http://127.0.0.1:#cgi.server_port#">
<cfhttp url="#base#/echo.cfm?x=1" method="post" result="r">
    <cfhttpparam type="formfield" name="a" value="from form">
    <cfhttpparam type="header" name="X-Test" value="hdr">
</cfhttp>
<cfscript>
http url="#base#/no/such/page.txt" result="missing";
cfhttp(url="#base#/static/sorry.html", result="plain");
</cfscript>
<cfhttp url="#base#/echo.cfm?x=2">
<cfoutput>#r.statusCode#|#trim(r.fileContent)#|#missing.status_code#|#trim(plain.fileContent)#|#trim(cfhttp.fileContent)#|#r.mimeType#</cfoutput>
