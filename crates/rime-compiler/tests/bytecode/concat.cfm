<cfset who = "world">
<cfoutput>Hello, #who#! #"a" & "b" & who#</cfoutput>
