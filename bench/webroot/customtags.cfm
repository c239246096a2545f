<cfimport taglib="tags" prefix="t">
<cfset n = 10000>
<cfset tagCalls = 0>
<cfset t0 = getTickCount()>
<cfloop from="1" to="#n#" index="i"><cfmodule template="tags/noop.cfm"></cfloop>
<cfset tModule = getTickCount() - t0>
<cfset t0 = getTickCount()>
<cfloop from="1" to="#n#" index="i"><cf_noop></cfloop>
<cfset tUnderscore = getTickCount() - t0>
<cfset t0 = getTickCount()>
<cfloop from="1" to="#n#" index="i"><t:noop></cfloop>
<cfset tImport = getTickCount() - t0>
<cfoutput>calls=#tagCalls# cfmodule=#tModule#ms cf_noop=#tUnderscore#ms import=#tImport#ms</cfoutput>
