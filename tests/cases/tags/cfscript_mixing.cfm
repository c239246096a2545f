A<cfscript>writeOutput("B");</cfscript>C<cfscript>x = "D";</cfscript><cfoutput>#x#</cfoutput>
