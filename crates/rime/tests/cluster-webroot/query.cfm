<cfscript>
q = queryExecute("select abs(random()) as r, 'x' as label", {}, {cachedWithin: createTimeSpan(0, 0, 1, 0), result: "info"});
writeOutput(server.system.environment.RIME_INSTANCE & "|" & q.r & "|" & q.label & "|" & info.cached);
</cfscript>
