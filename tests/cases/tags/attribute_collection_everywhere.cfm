<cfset p = getTempDirectory() & "/rime-ac-" & createUUID() & ".txt">
<cfset fa = {action: "write", file: p, output: "hello", addNewLine: false}>
<cffile attributeCollection="#fa#">
<cfoutput>file: #fileRead(p)#
</cfoutput>
<cfset da = {action: "list", directory: getTempDirectory(), name: "dl", filter: "rime-ac-*"}>
<cfdirectory attributeCollection="#da#">
<cfoutput>dir: #dl.recordCount GTE 1#
</cfoutput>
<cfset ca = {name: "acCookie", value: "v1"}>
<cfcookie attributeCollection="#ca#">
<cfoutput>cookie: #cookie.acCookie ?: "none"#
</cfoutput>
<cfset ia = {component: "AcComp", method: "hi", returnVariable: "r"}>
<cfinvoke attributeCollection="#ia#">
<cfoutput>invoke: #r#
</cfoutput>
<cfset ha = {name: "X-Test", value: "1"}>
<cfheader attributeCollection="#ha#">
<cfset la = {name: "acLock", timeout: 1, type: "exclusive"}>
<cflock attributeCollection="#la#"><cfoutput>lock: ok
</cfoutput></cflock>
<cfset pa = {name: "pp", default: 5}>
<cfparam attributeCollection="#pa#">
<cfoutput>param: #pp#
</cfoutput>
<cfset ta = {type: "my.error", message: "from a collection"}>
<cftry><cfthrow attributeCollection="#ta#"><cfcatch><cfoutput>throw: #cfcatch.type# #cfcatch.message#
</cfoutput></cfcatch></cftry>
<cfset fileDelete(p)>
