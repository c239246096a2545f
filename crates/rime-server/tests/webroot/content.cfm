<cfoutput>this output is discarded</cfoutput>
<cfif url.kind EQ "variable">
    <cfcontent type="application/octet-stream" variable="#charsetDecode('AB', 'utf-8')#">
<cfelseif url.kind EQ "text">
    <cfcontent type="text/plain" variable="plain text">
<cfelse>
    <cfcontent file="#expandPath('static/style.css')#">
</cfif>
<cfoutput>never reached</cfoutput>
