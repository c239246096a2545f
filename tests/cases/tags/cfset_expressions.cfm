<cfset s = {a: [1,2,3]}><cfset s.a[2] = 20><cfset s["b"] = "x"><cfset n = s.a[1] + s.a[2]><cfoutput>#n##s.b#</cfoutput>
