<cfscript>
writeOutput(serializeJSON([1, 2, "three"]) & "|");
writeOutput(serializeJSON(["a": 1, "b": "x"]) & "|");
writeOutput(serializeJSON({"zip": "00123"}) & "|");
writeOutput(serializeJSON(["boolean": true, "int": 100, "intString": "1000", "booleanString": "true"]) & "|");
writeOutput(serializeJSON(true) & "|" & serializeJSON(1.5) & "|" & serializeJSON("hi") & "|" & serializeJSON(10 / 4) & "|");
writeOutput(serializeJSON("say ""hi"" \ tab" & chr(9) & "nl" & chr(10)) & "|");
writeOutput(serializeJSON(["nested": [1, ["x": true]]]) & "|");
writeOutput(serializeJSON([]) & "|" & serializeJSON({}) & "|");
writeOutput(serializeJSON("</script>") & "|");
writeOutput(["a", "b"].toJson() & "|");
writeOutput(serializeJSON([[1, 2], [3]]));
</cfscript>
