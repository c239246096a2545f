<cfset x = 1>#x# <cfoutput>#x# ##</cfoutput>
