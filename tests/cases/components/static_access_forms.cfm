<cfscript>
// Static members through a dotted path, and named at run time: `X::["f"]()` (Lucee).
writeOutput(statics.Colors::RED & "|");
writeOutput(statics.Colors::name("x") & "|");
writeOutput(statics.Colors::["name"]("y") & "|");
fn = "name";
writeOutput(statics.Colors::[fn]("z") & "|");
writeOutput(statics.Colors::["RED"]);
</cfscript>
