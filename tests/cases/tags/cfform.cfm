<cfoutput><cfform name="login" id="login" action="/x.cfm?a=1&b=2" method="post">
<cfinput type="text" name="email" size="50" required="yes" message="Please enter" value="a&quot;b">
<cfinput type="hidden" name="id" value="#42#">
</cfform></cfoutput>
<cfform name="plain"></cfform>
