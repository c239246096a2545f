<cfscript>
// callStackDump(): the frames as template:function:line, innermost first, in a <pre>.
function inner() { callStackDump(); }
function outer() { inner(); }
savecontent variable="dumped" { outer(); }
here = getDirectoryFromPath(getCurrentTemplatePath());
writeOutput(replace(dumped, here, "", "all"));
</cfscript>
