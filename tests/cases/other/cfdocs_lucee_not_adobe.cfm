<cfscript>
// Results where a cfdocs example documents Adobe ColdFusion and Lucee (checked against its
// source) answers otherwise; Rime follows Lucee. These pin the behaviour.
// arrayContains returns the position in Lucee (a boolean in Adobe ColdFusion).
a = [1, 2, 3];
writeOutput(arrayContains(a, 2) & "," & a.contains(3) & "," & arrayContains(a, 9) & "|");
// arrayClear returns true; the member array.clear() returns the array.
b = [1, 2];
writeOutput(arrayClear(b) & "," & arrayLen([1, 2].clear()) & "|");
// The closure list functions default multiCharacterDelimiter to true: ", " is one delimiter.
listEach("a, b,c", function(x) { writeOutput("[" & x & "]"); }, ", ");
writeOutput("|");
listEach("a, b,c", function(x) { writeOutput("[" & x & "]"); }, ", ", false, false);
writeOutput("|" & listLen("a, b,c", ", ") & "|");
// Short day names are Java's EEE: "dim." in French.
writeOutput(dayOfWeekShortAsString(1, "fr") & "," & dayOfWeekShortAsString(2, "fr_FR") & "|");
// 9 is a digit placeholder padded with spaces to the mask's width.
writeOutput("[" & numberFormat(123, "99999") & "][" & numberFormat(123, "00000") & "]|");
// wrap breaks at the last space within the limit, else inside the word.
writeOutput(replace(wrap("This is a standard sentence.", 7), chr(10), "/", "all"));
</cfscript>
