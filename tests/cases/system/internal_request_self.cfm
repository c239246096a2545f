<cfscript>
// A page that requests itself ends in an error at the limit, not in threads without end.
try { r = internalRequest(template = "internal_request_self.cfm"); writeOutput(r.filecontent); } catch (any e) { writeOutput(e.message); }
</cfscript>
