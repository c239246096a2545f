<cfsavecontent variable="c">Hello <cfoutput>#1+1#</cfoutput></cfsavecontent><cfoutput>[#trim(c)#]</cfoutput>
