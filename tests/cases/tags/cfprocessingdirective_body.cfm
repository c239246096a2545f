<cfprocessingdirective pageencoding="utf-8"><cfset before = "ok"></cfprocessingdirective><cfprocessingdirective suppresswhitespace="true"><cfset x = 1><cfoutput>#before# #x + 1#</cfoutput></cfprocessingdirective>
<cfprocessingdirective pageencoding="utf-8" />
<cfoutput>after</cfoutput>
