<cfset mappedValue = "from mapping">
