<cfoutput> (end)</cfoutput>
