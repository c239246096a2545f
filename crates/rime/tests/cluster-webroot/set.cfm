<cfscript>
session.value = url.v;
session.list = [1, "two", {three: 3}];
session.when = createDate(2024, 2, 29);
writeOutput("set by " & server.system.environment.RIME_INSTANCE);
</cfscript>
