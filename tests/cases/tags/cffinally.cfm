<cftry>T<cffinally>F</cffinally></cftry>|<cftry><cfthrow message="x"><cfcatch>C</cfcatch><cffinally>F</cffinally></cftry>
