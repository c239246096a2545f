<cfscript>
k = new c_types.Keeper();
writeOutput(k.feed(new c_types.Dog()) & chr(10));
writeOutput(k.feed(new c_types.Animal()) & chr(10));
writeOutput(k.adopt().sound() & chr(10));
try {
    k.feed(new c_types.Rock());
    writeOutput("accepted" & chr(10));
} catch (any e) {
    writeOutput("argument: " & e.type & chr(10));
}
try {
    k.fake();
    writeOutput("accepted" & chr(10));
} catch (any e) {
    writeOutput("return: " & e.type & chr(10));
}
writeOutput(k.count("12") + 1 & chr(10));
try {
    k.count("abc");
    writeOutput("accepted" & chr(10));
} catch (any e) {
    writeOutput("numeric return: " & e.type & chr(10));
}
</cfscript>
