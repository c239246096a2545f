<cfscript>
k = new c_types.Keeper();
writeOutput(k.feed(new c_types.Dog()) & chr(10));
writeOutput(k.feed(new c_types.Animal()) & chr(10));
writeOutput(k.feed(a = new c_types.Dog()) & chr(10));
writeOutput(k.adopt().sound() & chr(10));
writeOutput(isInstanceOf(k.adopt(), "Animal") & chr(10));
writeOutput(k.count("12") + 1 & chr(10));
</cfscript>
