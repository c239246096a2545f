<cfoutput>#new IncludeInMethod().render()#</cfoutput>
