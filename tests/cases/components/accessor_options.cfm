<cfscript>
s = new c_props.Settings();
writeOutput(s.getHost() & ":" & s.getPort() & " " & s.getSecure() & chr(10));
writeOutput(isNull(s.getNote()) & chr(10));
r = s.setHost("example.org").setPort(443).setSecure(true);
writeOutput(s.getHost() & ":" & s.getPort() & " " & s.getSecure() & " " & s.address() & chr(10));
writeOutput(isInstanceOf(r, "c_props.Settings") & chr(10));
writeOutput(structKeyExists(s, "getToken") & " " & structKeyExists(s, "setToken") & chr(10));
writeOutput(structKeyExists(s, "getVersion") & " " & structKeyExists(s, "setVersion") & " " & s.getVersion() & chr(10));
writeOutput(s.tokenLength() & " " & s.setToken("abc").tokenLength() & chr(10));
t = new c_props.Settings();
writeOutput(t.getHost() & chr(10));
</cfscript>
