<cfscript>
r = new shapes.Rect(3, 4);
writeOutput(r.describe() & chr(10));
writeOutput(isInstanceOf(r, "AbstractShape") & chr(10));
try {
    s = new shapes.AbstractShape();
} catch (application e) {
    writeOutput("caught: " & e.message & chr(10));
}
writeOutput(new shapes.TagDog().greet() & chr(10));
try {
    createObject("component", "shapes.TagAbstract");
} catch (any e) {
    writeOutput(e.type & chr(10));
}
md = getComponentMetadata("shapes.AbstractShape");
writeOutput(md.abstract & chr(10));
</cfscript>
