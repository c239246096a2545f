<cfscript>
config = ["a": 0, "b": 0];
options = ["b": 1, "c": 1];
structAppend(config, options, false);
writeOutput(serializeJSON(config) & "|");
config2 = ["a": 0, "b": 0];
config2.append(options);
writeOutput(serializeJSON(config2) & "|");
writeOutput(structAppend(config2, options) & "|");
orig = ["x": 1, "y": ["inner": 1]];
shallow = structCopy(orig);
deep = duplicate(orig);
shallow.x = 2;
shallow.y.inner = 2;
writeOutput(orig.x & orig.y.inner & "|");
deep.y.inner = 3;
writeOutput(orig.y.inner & deep.y.inner & "|");
same = orig;
same.x = 5;
writeOutput(orig.x);
</cfscript>
