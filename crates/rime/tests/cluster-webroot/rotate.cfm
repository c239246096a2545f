<cfset old = session.cfid><cfset sessionRotate()><cfoutput>rotated</cfoutput>
