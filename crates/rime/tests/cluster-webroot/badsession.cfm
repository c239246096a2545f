<cfset session.handler = function() { return 1; }>done
