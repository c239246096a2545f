<cfsilent>hidden<cfset v = 3><cfoutput>also hidden</cfoutput></cfsilent><cfoutput>#v#</cfoutput>
