<cfscript>
writeOutput(isLocalHost("127.0.0.1") & " " & isLocalHost("::1") & " " & isLocalHost("localhost") & " " & isLocalHost("10.0.0.1") & " " & isLocalHost("nonsense") & chr(10));
writeOutput(isIPInRange("10.0.0.1-10.0.0.255", "10.0.0.7") & " " & isIPInRange("10.0.0.1-10.0.0.255", "10.0.1.7") & chr(10));
writeOutput(isIPInRange("127.0.0.1, 192.168.*.*", "192.168.4.20") & " " & isIPInRange(["172.16.0.1", "fe80::*"], "fe80::1") & chr(10));
writeOutput(isIPInRange("*", "8.8.8.8") & " " & isIPInRange("*", "2001:db8::1") & " " & isIPInRange("10.0.0.1", "::1") & chr(10));
try { isIPInRange("10.0.0.x", "10.0.0.1"); } catch (any e) { writeOutput(e.message & chr(10)); }
try { isIPInRange("10.0.0.1-::1", "10.0.0.1"); } catch (any e) { writeOutput(e.message & chr(10)); }
</cfscript>
