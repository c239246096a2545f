<cfscript>
writeOutput(metaphone("Donaudampfschiffahrtsgesellschaftskapitän") & "|");
writeOutput(metaphone("Truck") & "/" & metaphone("Trek") & "|");
writeOutput(metaphone("Trek") & "/" & metaphone("Star Trek") & "|");
words = ["Knight", "Wright", "White", "Xavier", "Thomas", "Phillips", "science", "church", "Schmidt", "edge", "lamb", "nation", "Box", "x", "", "Aebersold"];
out = [];
for (w in words) {
    out.append(metaphone(w));
}
writeOutput(arrayToList(out, ","));
</cfscript>
