<cftry><cfthrow type="MyErr" message="oops"><cfcatch type="Other">wrong</cfcatch><cfcatch type="MyErr"><cfoutput>#cfcatch.message#|#cfcatch.type#</cfoutput></cfcatch></cftry>
