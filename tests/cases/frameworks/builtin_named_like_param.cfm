<cfscript>
function clean(string s, boolean trim = true) { return trim ? trim(s) : s; }
writeOutput("[" & clean("  a  ") & "][" & clean(" b ", false) & "]");
</cfscript>
