<cfscript>
writeOutput(new c_make.Thing("a").getLabel() & chr(10));
writeOutput(new "c_make.Thing"("b").getLabel() & chr(10));
writeOutput(new c_make.Thing().getLabel() & chr(10));
writeOutput(new c_make.Thing(label = "named").getLabel() & chr(10));
o = createObject("component", "c_make.Thing");
writeOutput(o.getLabel() & chr(10));
writeOutput(o.init("later").getLabel() & chr(10));
writeOutput(createObject("component", "c_make.Thing").init(label = "chained").getLabel() & chr(10));
path = "c_make.Thing";
writeOutput(createObject("component", path).getLabel() & chr(10));
</cfscript>
