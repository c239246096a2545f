<cfscript>
writeOutput(toScript("It's a ""test""", "s") & chr(10));
writeOutput(toScript(42, "n") & chr(10));
writeOutput(toScript(true, "b") & chr(10));
writeOutput(toScript(["a", 1], "arr") & chr(10));
writeOutput(toScript(["a", 1], "arr", true, true) & chr(10));
writeOutput(toScript({Key: "v"}, "o") & chr(10));
writeOutput(toScript(createDateTime(2024, 1, 31, 13, 45, 7), "d") & chr(10));
writeOutput(toScript("line1" & chr(10) & "line2", "t") & chr(10));
</cfscript>
