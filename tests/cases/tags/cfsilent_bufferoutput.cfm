<!--- cfsilent drops its output; with bufferoutput (the default) an error first writes what the body had output, as Lucee does; `silent false { }` is bufferoutput=false. --->
<cfscript>
silent { writeOutput("hidden"); }
silent false { writeOutput("hidden too"); }
silent bufferoutput=false { writeOutput("hidden three"); }
writeOutput("[a]");
try { silent { writeOutput("partial"); throw("x"); } } catch (any e) { writeOutput(" caught"); }
try { silent false { writeOutput("not shown"); throw("x"); } } catch (any e) { writeOutput(" caught2"); }
function f() { silent { writeOutput("in f"); return 5; } }
writeOutput(" " & f());
</cfscript>
<cftry><cfsilent>tagpartial<cfthrow message="y"></cfsilent><cfcatch> caught3</cfcatch></cftry>
<cftry><cfsilent bufferoutput="false">gone<cfthrow message="y"></cfsilent><cfcatch> caught4</cfcatch></cftry>
<cfsilent><cfset x = 1>invisible</cfsilent>[end]
