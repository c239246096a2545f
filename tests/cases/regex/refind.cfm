<cfscript>
writeOutput(reFind("[0-9]+", "abc123def") & "|");
writeOutput(reFind("[0-9]+", "abc123def456", 7) & "|");
writeOutput(reFind("X", "abc") & "|");
writeOutput(reFindNoCase("B", "abc") & "|");
writeOutput(arrayToList(reFind("[[:digit:]]", "a1b2", 1, false, "all")) & "|");
st = reFind("(a)(b)", "zab", 1, true);
writeOutput(arrayToList(st.pos) & "/" & arrayToList(st.len) & "/" & arrayToList(st.match) & "|");
st = reFind("q", "zab", 1, true);
writeOutput(arrayToList(st.pos) & "/" & arrayToList(st.len) & "|");
all = reFind("[0-9]", "a1b2", 1, true, "all");
writeOutput(arrayLen(all) & ":" & all[2].pos[1] & "|");
writeOutput("abc123".reFind("[0-9]") & "|");
writeOutput(reFind("^b", "a" & chr(10) & "b") & "|");
writeOutput(reFind("a.b", "a" & chr(10) & "b"));
</cfscript>
