<cfscript>
// Lucee's JSON reader: comments, single quotes, unquoted keys, trailing commas.
text = "{
    // a line comment
    name: 'Ann', /* a block comment */
    'age': 31,
    tags: ['a', 'b',],
}";
p = deserializeJSON(text);
writeOutput(serializeJSON(p) & "|");
writeOutput(isJSON(text) & "|" & isJSON("{a:1}") & "|" & isJSON("{a:") & "|" & isJSON("[1,,2]") & "|");
writeOutput(deserializeJSON("'it\'s'") & "|");
try { deserializeJSON("[1, 2"); } catch (any e) { writeOutput(e.message); }
</cfscript>
