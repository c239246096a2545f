<cfinclude template="/shared/mapped.cfm"><cfoutput>#mappedValue#</cfoutput>
