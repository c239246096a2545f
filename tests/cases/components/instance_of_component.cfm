<cfscript>
// Every component is a Component in Lucee (its base is WEB-INF.cftags.component), whatever
// it extends; MockBox relies on it to describe the components it receives.
o = new Counter();
writeOutput(isInstanceOf(o, "Component") & " " & isInstanceOf(o, "WEB-INF.cftags.component") & " " & isInstanceOf(o, "component"));
writeOutput(" " & isInstanceOf(o, "NotAType") & " " & isInstanceOf({}, "Component"));
</cfscript>
