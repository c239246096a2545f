<cfoutput>#cgi.request_method# x=#url.x ?: ""# a=#form.a ?: ""# h=#cgi.http_x_test#</cfoutput>
