<cfoutput>#new TypedSelf().ready()#</cfoutput>
