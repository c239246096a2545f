<cfsetting enablecfoutputonly="true">hidden<cfoutput>shown</cfoutput>also hidden<cfsetting enablecfoutputonly="false">visible
