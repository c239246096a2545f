<cfoutput>#session.started# #len(session.cfid) GT 0# #structKeyExists(session, "sessionid")#</cfoutput>
