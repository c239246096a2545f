<cfscript>
/**
 * Adds two numbers.
 * @a the first
 * @mxunit:expectedException InvalidException
 * @output false
 */
function add(a, b) { return a + b; }
md = getMetadata(add);
writeOutput(md.hint & "|" & md["mxunit:expectedException"] & "|" & md.parameters[1].hint & "|" & structKeyExists(md, "a"));
</cfscript>
