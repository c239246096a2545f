<cfthread name="bad"><cfset x = 1 / 0></cfthread><cfthread action="join" name="bad"/><cfoutput>#cfthread.bad.status#|#cfthread.bad.error.type#</cfoutput>
