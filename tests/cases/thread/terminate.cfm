<cfscript>
thread name="spin" { while (true) { x = 1; } }
thread action="terminate" name="spin";
thread action="join" name="spin" timeout="5000";
writeOutput(cfthread.spin.status);
</cfscript>
