<cfset s = [one: 1, two: 2]><cfoutput><cfloop collection="#s#" item="k">#k#=#s[k]# </cfloop></cfoutput>
