<cfscript>
s = {};
s.FirstName = "Ann";
writeOutput(s.firstname & s["FIRSTNAME"] & s.FIRSTNAME);
s["FIRSTNAME"] = "Bob";
for (k in s) writeOutput("|" & k & "=" & s[k]);
</cfscript>
