<cfscript>
try {
    obj = createObject("java", "com.example.rime.NoSuchClass");
    writeOutput("created" & chr(10));
} catch (any e) {
    writeOutput("caught" & chr(10));
}
writeOutput("after" & chr(10));
</cfscript>
<cftry><cfset createObject("java", "com.example.rime.AlsoMissing")><cfoutput>created#chr(10)#</cfoutput><cfcatch type="any"><cfoutput>tag caught#chr(10)#</cfoutput></cfcatch></cftry>
