<cfscript>
application.reg = new Registry();
application.reg.register("k", "v");
function useIt() { return application.reg.get("k"); }
writeOutput(useIt());
</cfscript>
