<cfset base = getTempDirectory() & "rime_filetags_" & createUUID()>
<cfdirectory action="create" directory="#base#">
<cffile action="write" file="#base#/a.txt" output="hello" addnewline="false">
<cffile action="append" file="#base#/a.txt" output=" world" addnewline="false">
<cffile action="read" file="#base#/a.txt" variable="content">
<cffile action="copy" source="#base#/a.txt" destination="#base#/b.txt">
<cffile action="rename" source="#base#/b.txt" destination="#base#/c.txt">
<cfdirectory action="list" directory="#base#" name="files" sort="name asc">
<cfoutput>#content#|#files.recordCount#|#valueList(files.name)#</cfoutput>
<cffile action="delete" file="#base#/a.txt">
<cfdirectory action="list" directory="#base#" name="names" listinfo="name">
<cfoutput>|#arrayToList(names)#</cfoutput>
<cfdirectory action="delete" directory="#base#" recurse="true">
<cfoutput>|#directoryExists(base)#</cfoutput>
