<cfscript>
// split: a Java regex; trailing empty parts dropped unless the limit is negative.
writeOutput(serializeJSON("a,b,,c,,".split(",")) & chr(10));
writeOutput(serializeJSON("a,b,,c,,".split(",", -1)) & chr(10));
writeOutput(serializeJSON("a,b,,c,,".split(",", 2)) & chr(10));
writeOutput(serializeJSON("one  two three".split("\s+")) & chr(10));
writeOutput(serializeJSON("a|b".split("\|")) & chr(10));
writeOutput(serializeJSON("abc".split("")) & chr(10));
writeOutput(serializeJSON(",a".split(",")) & "|" & arrayLen("".split(",")) & chr(10));
// matches: the whole string.
writeOutput("abc123".matches("[a-z]+\d+") & "," & "abc123x".matches("[a-z]+\d+") & "," & "ab".matches("a|ab") & chr(10));
// Java's "." does not match a line end.
writeOutput("a#chr(10)#b".matches("a.b") & chr(10));
// replaceAll / replaceFirst: $n groups, \ escapes.
writeOutput("2024-03-05".replaceAll("(\d+)-(\d+)-(\d+)", "$3/$2/$1") & chr(10));
writeOutput("a1b22c333".replaceAll("\d+", "##") & "," & "a1b22".replaceFirst("\d", "[$0]") & chr(10));
writeOutput("cost".replaceAll("o", "\$") & chr(10));
try {
    "x".replaceAll("x", "$9");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    "x".split("(");
} catch (any e) {
    writeOutput("bad pattern");
}
</cfscript>
