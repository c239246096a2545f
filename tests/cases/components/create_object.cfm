<cfscript>
o = createObject("component", "Person").init("Zed");
o2 = createObject("Counter");
writeOutput(o.getName() & o2.value());
// createObject does not call init; new does.
raw = createObject("component", "model.Bird");
writeOutput("|" & raw.legs);
</cfscript>
