<cfparam name="url.a" default="">
<cfparam name="form.f" default="">
<cfparam name="cookie.c" default="">
<cfoutput>url.a=[#url.a#]
form.f=[#form.f#]
cookie.c=[#cookie.c#]
method=[#cgi.request_method#]
query=[#cgi.query_string#]
script=[#cgi.script_name#]
host=[#cgi.http_host#]
server=[#cgi.server_name#]
agent=[#cgi.http_user_agent#]
custom=[#structKeyExists(cgi, "http_x_custom_thing") ? cgi.http_x_custom_thing : "(none)"#]
remote=[#cgi.remote_addr#]
https=[#cgi.https#]
ctype=[#cgi.content_type#]
url=[#cgi.request_url#]
missing=[#cgi.auth_user#]
</cfoutput>
