<cfscript>
/**
 * Builds a scheduler.
 * @name                The name
 * @asyncManager        The async manager
 * @asyncManager.inject coldbox:asyncManager
 */
function init(required name, required asyncManager) { return 1; }
p = getMetadata(init).parameters;
writeOutput(p[2].hint & "|" & p[2].inject & "|" & p[1].hint & "|" & structKeyExists(p[1], "inject"));
</cfscript>
