<cfset who = structKeyExists(url, "name") ? url.name : "world">
<cfoutput>Hello, #encodeForHTML(who)#!</cfoutput>
