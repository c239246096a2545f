<cfif url.how EQ "tag">
    <cffile action="upload" fileField="form.doc" destination="#url.dest#/" nameConflict="makeUnique" result="r">
<cfelseif url.how EQ "blocked">
    <cftry>
        <cffile action="upload" fileField="form.doc" destination="#url.dest#/" nameConflict="overwrite" result="r">
        <cfcatch><cfoutput>blocked: #cfcatch.message#</cfoutput><cfabort></cfcatch>
    </cftry>
<cfelseif url.how EQ "accept">
    <cftry>
        <cffile action="upload" fileField="doc" destination="#url.dest#/" nameConflict="overwrite" accept="image/png" strict="#url.strict#" result="r">
        <cfoutput>saved #r.serverFile#</cfoutput>
        <cfcatch><cfoutput>refused: #cfcatch.message#</cfoutput></cfcatch>
    </cftry>
    <cfabort>
<cfelseif url.how EQ "reject">
    <cftry>
        <cfset r = fileUpload(url.dest, "doc", "image/*,.pdf")>
        <cfcatch><cfoutput>rejected</cfoutput><cfabort></cfcatch>
    </cftry>
<cfelse>
    <cfset r = fileUpload(url.dest, "doc", ".txt", "makeunique")>
</cfif>
<cfoutput>#r.serverFile#|#r.clientFile#|#r.contentType#/#r.contentSubType#|#r.fileWasSaved#|#r.fileWasRenamed#|#fileRead(r.serverDirectory & "/" & r.serverFile)#</cfoutput>
