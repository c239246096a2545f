<cfscript>
writeOutput(precisionEvaluate(1/3 + 5) & "|" & precisionEvaluate("2 * 21") & "|" & precisionEvaluate("1+1", "3*3") & chr(10));
request.inThread = "";
writeOutput(isInThread());
thread action="run" name="t1" {
    request.inThread = isInThread();
}
thread action="join" name="t1";
writeOutput(request.inThread & chr(10));
writeOutput(threadData().t1.status & "|" & structKeyExists(threadData(), "T1") & chr(10));
writeOutput(isUserLoggedIn() & "|" & getAuthUser() & "|" & getUserRoles() & "|" & isUserInRole("admin") & "|" & isUserInAnyRole("admin,user") & chr(10));
writeOutput(isStruct(getHTTPRequestHeaders()) & chr(10));
</cfscript>
