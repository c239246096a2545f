<cfscript>
// <cftrace> writes an entry to the trace log (as Lucee: the time since the previous trace, the
// template and line, category, variable and text); `inline` also writes it into the page,
// `abort` ends the request; a type Lucee does not accept is an error.
x = {a: 1};
cftrace(category = "cat", text = "hello", type = "warning");
trace var="x" text="with var";
writeOutput("after|");
try { cftrace(type = "info", text = "x"); } catch (any e) { writeOutput(e.message & "|"); }
savecontent variable="shown" { cftrace(text = "inline one", inline = true); }
writeOutput(find("<i>inline one&nbsp;</i>", shown) > 0 ? "inline|" : "no inline|");
log = fileRead(expandPath("/.rime/logs/trace.log"));
writeOutput(find("[cat]  hello", log) > 0 && find("[x=", log) > 0 ? "logged|" : "not logged|");
cftrace(text = "stop", abort = true);
writeOutput("not reached");
</cfscript>
