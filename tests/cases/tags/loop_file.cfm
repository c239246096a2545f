<cfset path = getTempDirectory() & "rime_loop_file_case.txt">
<cfset fileWrite(path, "first" & chr(13) & chr(10) & chr(10) & "  third" & chr(10) & "last" & chr(10))>
<cfloop file="#path#" index="line"><cfoutput>[#line#]</cfoutput></cfloop>
<cfoutput>|</cfoutput>
<cfloop file="#path#" index="line" startline="3" endline="4"><cfoutput>[#line#]</cfoutput></cfloop>
<cfoutput>|</cfoutput>
<cfloop file="#path#" index="chunk" characters="5"><cfoutput>#len(chunk)#,</cfoutput></cfloop>
<cfscript>
n = 0;
cfloop(file = path, index = "l") { n++; }
writeOutput("|" & n);
fileDelete(path);
</cfscript>
