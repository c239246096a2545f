<cfif thisTag.executionMode EQ "end"><cfoutput><ul><cfloop array="#thisTag.assocAttribs#" item="it"><li>#it.label#=#it.href#</li></cfloop></ul>#arrayLen(thisTag.links ?: [])# links</cfoutput></cfif>
