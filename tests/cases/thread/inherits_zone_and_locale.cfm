<cfscript>
// A thread runs with its request's time zone and locale (Lucee copies them to the thread).
setTimeZone("Asia/Tokyo");
setLocale("German (Standard)");
thread name="t" {
    thread.zone = getTimeZone();
    thread.locale = getLocale();
    thread.month = lsDateFormat(createDate(2024, 3, 1), "mmmm");
}
thread action="join" name="t";
writeOutput(cfthread.t.zone & "|" & cfthread.t.locale & "|" & cfthread.t.month);
</cfscript>
