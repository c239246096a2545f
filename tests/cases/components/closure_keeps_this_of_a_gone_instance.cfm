<cfscript>
// A closure made in a method keeps its instance as `this` after every other reference to the
// instance is gone (Lucee binds a closure to the component it was created in).
f = new ThisKeeper("kept").maker();
writeOutput(f() & "|");
// A method read out of a temporary instance, called as a plain function.
g = new ThisKeeper("read out").label;
writeOutput(g() & "|");
// A closure stored in its own instance (a cycle the collector frees) still works while held.
k = new ThisKeeper("stored");
k.store();
writeOutput(k.callStored());
</cfscript>
