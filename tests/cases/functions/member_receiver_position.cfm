<cfscript>
// Member functions whose receiver is not Lucee's first parameter.
s = "abcabc";
writeOutput(s.find("b") & " " & s.find("b", 3) & " " & s.findNoCase("C") & "|");
writeOutput(s.find(substring="c", start=4) & " " & s.findLast("b") & " " & s.findOneOf("xc") & "|");
writeOutput("abc".insert("X", 1) & " " & "abc123".reFind("[0-9]+") & " " & "A1".reFindNoCase("a") & "|");
writeOutput(arrayToList("a1b2".reMatch("[0-9]")) & " " & arrayToList("aAb".reMatchNoCase("a")) & "|");
d1 = createDate(2024, 1, 1);
d2 = createDate(2024, 1, 3);
writeOutput(dateFormat(d1.add("d", 1), "yyyy-mm-dd") & " " & d2.diff("d", d1) & " " & d2.part("d") & "|");
try {
    s.find();
} catch (any e) {
    writeOutput("error: " & (e.message contains "find"));
}
</cfscript>
