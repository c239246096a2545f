<cfscript>
point = {x: 1, "y": 2, tags: ["a", "b"]};
ordered = [z: 3, a: 4];
point.x += 10;
writeOutput(point.x & point["y"] & arrayLen(point.tags));
</cfscript>
