<cfsetting requesttimeout="0.2">
<cfscript>
function spin() { return spin2(); }
function spin2() { for (var i = 0; i < 1; i = i) {} }
spin();
</cfscript>
