<cfheader name="X-Streamed" value="yes"><cfoutput>first part</cfoutput><cfflush><cfset sleep(1200)><cfoutput>|second part</cfoutput>
