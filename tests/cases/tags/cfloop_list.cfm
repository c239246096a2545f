<cfoutput><cfloop list="a,b,,c" index="item">[#item#]</cfloop><cfloop list="x;y|z" index="i" delimiters=";|">#i#</cfloop><cfloop list="p q" item="w" delimiters=" ">(#w#)</cfloop></cfoutput>
