<cfscript>
// A param name's unquoted bracket is a variable whose value is the key (ColdBox's
// ModuleService: `param name="globalModuleSettings[ mConfig.modelNamespace ]"`); bracketed keys
// keep their case.
settings = {};
cfg = {ns: "HTMLHelper"};
param name="settings[ cfg.ns ]" default="#structNew()#";
param name="settings['lit']" default=2;
param name="settings.dot" default=3;
param name="settings[1]" default=4;
writeOutput(listSort(structKeyList(settings), "textnocase") & "|");
writeOutput(isStruct(settings[cfg.ns]) & "|" & settings.lit);
</cfscript>
