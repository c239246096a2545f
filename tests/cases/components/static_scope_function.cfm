<cfscript>
// getComponentStaticScope(path) is the component's static scope, shared with Comp::x.
s = getComponentStaticScope("c_static.Tally");
before = s.created;
t = new c_static.Tally();
writeOutput((s.created - before) & " " & (c_static.Tally::created == s.created) & chr(10));
</cfscript>
