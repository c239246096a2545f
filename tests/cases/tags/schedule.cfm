<cfscript>
// <cfschedule>: tasks are kept by the server; this page only defines, lists and removes
// them (crates/rime-engine/tests/schedule.rs runs them against a real HTTP listener).
cfschedule(action = "update", task = "rimeCaseNightly", url = "http://127.0.0.1:8080/tasks/nightly.cfm",
    startDate = "12/1/2026", startTime = "2:30 AM", interval = "daily", requestTimeout = 120);
cfschedule(action = "update", task = "rimeCaseEvery", url = "http://example.com/ping.cfm",
    startDate = "1/1/2026", startTime = "00:00", interval = 3600, paused = true);
cfschedule(action = "list", result = "tasks");
q = queryExecute("SELECT * FROM tasks WHERE task LIKE 'rimeCase%' ORDER BY task", {}, {dbtype: "query"});
for (row in q) {
    writeOutput("#row.task# #row.url# port=#row.port# interval=#row.interval# timeout=#row.timeout# paused=#row.paused# start=#dateFormat(row.startdate, 'yyyy-mm-dd')# #timeFormat(row.starttime, 'HH:mm')##chr(10)#");
}
cfschedule(action = "resume", task = "rimeCaseEvery");
cfschedule(action = "list");
writeOutput(queryExecute("SELECT paused FROM cfschedule WHERE task = 'rimeCaseEvery'", {}, {dbtype: "query"}).paused & chr(10));
cfschedule(action = "delete", task = "rimeCaseEvery");
cfschedule(action = "delete", task = "rimeCaseNightly");
cfschedule(action = "list", result = "tasks");
writeOutput(queryExecute("SELECT task FROM tasks WHERE task LIKE 'rimeCase%'", {}, {dbtype: "query"}).recordCount & chr(10));
try {
    cfschedule(action = "update", task = "rimeCaseBad", url = "http://x/");
} catch (any e) {
    writeOutput(e.message & " / " & e.detail & chr(10));
}
try {
    cfschedule(action = "run", task = "rimeCaseMissing");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    cfschedule(action = "update", task = "rimeCaseBad", url = "http://x/", startDate = now(), startTime = now(), interval = "hourly");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
</cfscript>
