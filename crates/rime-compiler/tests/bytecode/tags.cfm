<cfheader name="X-A" value="1">
<cfhttp url="http://localhost/" result="r"><cfhttpparam type="url" name="q" value="1"></cfhttp>
<cfloop file="#f#" index="line"><cfoutput>#line#</cfoutput></cfloop>
