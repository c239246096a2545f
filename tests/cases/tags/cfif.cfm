<cfset n = 7><cfif n GT 10>big<cfelseif n GT 5>medium<cfelse>small</cfif>|<cfif n EQ 7>seven</cfif>|<cfif n LT 0>neg<cfelse>nonneg</cfif>
