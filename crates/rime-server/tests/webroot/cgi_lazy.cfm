<cfthread name="t"><cfset thread.method = cgi.request_method & " " & cgi.http_x_twice></cfthread>
<cfthread action="join" name="t" />
<cfoutput>thread=[#cfthread.t.method#] unscoped=[#script_name#] key=[#structKeyExists(cgi, "http_host")#] count=[#structCount(cgi) GT 40#]</cfoutput>
