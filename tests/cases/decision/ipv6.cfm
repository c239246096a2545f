<cfscript>
writeOutput(isIPv6("FE80:CD00:0000:0CDE:1257:0000:211E:729C") & "|");
writeOutput(isIPv6("::1") & "|");
writeOutput(isIPv6("2001:db8::ff00:42:8329") & "|");
writeOutput(isIPv6("::ffff:192.0.2.128") & "|");
writeOutput(isIPv6("127.0.0.1") & "|");
writeOutput(isIPv6("192.168.0.1") & "|");
writeOutput(isBoolean(isIPv6()));
</cfscript>
