<cfscript>
// Out-of-range arguments to built-ins are CFML errors the page can catch (dateFormat(1e20)
// once ended the request past cftry).
for (n in [1e20, -1e20]) {
    try { writeOutput(dateFormat(n)); } catch (any e) { writeOutput("caught " & e.type & chr(10)); }
}
try { writeOutput(year(1e300)); } catch (any e) { writeOutput("caught " & e.type & chr(10)); }
writeOutput(dateFormat(45000, "yyyy-mm-dd") & chr(10));
</cfscript>
