<cf_setcaller var="result" value="21"><cfoutput>#result#</cfoutput>
