<cftry><cftry><cfthrow type="Deep" message="inner"><cfcatch><cfrethrow></cfcatch></cftry><cfcatch type="Deep"><cfoutput>#cfcatch.message#</cfoutput></cfcatch></cftry>
