<cfstopwatch variable="elapsed" label="work">in the body<cfset sleep(15)></cfstopwatch>
<cfoutput>#isNumeric(elapsed)# #elapsed GTE 15#</cfoutput>
<cfscript>
stopwatch variable="local2" {
    writeOutput("|script body|");
}
writeOutput(isNumeric(local2) && local2 >= 0);
</cfscript>
