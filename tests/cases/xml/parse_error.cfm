<cfset ok = xmlParse("<fine/>")>
<cfset doc = xmlParse("<broken>")>
