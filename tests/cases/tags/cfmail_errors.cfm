<!--- Errors cfmail raises before it talks to any server --->
<cfset tries = [
    {to: "r@example.org", subject: "no server"},
    {to: "not an address", subject: "bad to", server: "127.0.0.1"},
    {to: "r@example.org", subject: "two#chr(13)##chr(10)#lines", server: "127.0.0.1"},
    {to: "", subject: "nobody", server: "127.0.0.1"}
]>
<cfloop array="#tries#" item="t">
    <cftry>
        <cfmail from="s@example.com" to="#t.to#" subject="#t.subject#" server="#t.server ?: ''#">body</cfmail>
        <cfoutput>sent?!</cfoutput>
        <cfcatch><cfoutput>#cfcatch.type#: #cfcatch.message#
</cfoutput></cfcatch>
    </cftry>
</cfloop>
<cftry>
    <cfmailparam name="X-Outside" value="1">
    <cfcatch><cfoutput>#cfcatch.message#
</cfoutput></cfcatch>
</cftry>
<cfscript>
try {
    mail from="s@example.com" to="r@example.org" subject="bad part" server="127.0.0.1" {
        mailpart type="application/x-evil;" { writeOutput("x"); }
    }
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
