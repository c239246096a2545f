<cfoutput>#isDate(sessionStartTime())# #dateCompare(sessionStartTime(), now()) LTE 0#</cfoutput>
