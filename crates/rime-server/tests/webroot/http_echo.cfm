<cfoutput>#cgi.request_method#:#getHTTPRequestData().headers["X-Echo"]#:#form.n#</cfoutput>
