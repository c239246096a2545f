<cfset client.lastPage = "client_vars">
<cfoutput>#client.hitCount# #client.lastPage# #getClientVariablesList()#</cfoutput>
