<cfscript>
h = new c_scope2.Holder();
writeOutput(h.report() & chr(10));
writeOutput(h.callViaVariables() & chr(10));
writeOutput(structKeyExists(h, "privData") & " " & structKeyExists(h, "pubData") & " " & h.pubData & chr(10));
</cfscript>
