<cfscript>
// Included from a function: `local` and `arguments` are that function's scopes.
local.fw = "";
if (true) fw &= "a";
fw &= "b";
local.out = fw & arguments.label & structKeyExists(local, "fw");
</cfscript>
