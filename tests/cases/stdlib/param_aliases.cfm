<cfscript>
// Lucee's argument aliases: other names for a builtin's parameters.
d = createDateTime(2024, 1, 2, 3, 4, 5);
writeOutput(dateTimeFormat(date = d, mask = "yyyy-mm-dd HH:nn") & "|");
writeOutput(dateTimeFormat(datetime = d, mask = "HH:nn:ss") & "|");
s = {a: 1, b: 2};
writeOutput(structFind(struct = s, key = "b") & structFind(structure = s, key = "a") & structFind(object = s, key = "b") & "|");
writeOutput(structKeyExists(struct = s, key = "a") & "|");
writeOutput(replace(string = "a-b-c", substring1 = "-", substring2 = "+", scope = "all") & "|");
writeOutput(replace(string = "a-b-c", find = "-", repl = "/") & "|");
writeOutput(replaceNoCase(string = "AbA", substring1 = "a", substring2 = "x", scope = "all") & "|");
writeOutput(reReplace(string = "a1b22", reg_expression = "[0-9]+", substring = "##", scope = "all") & "|");
writeOutput(reFind(regex = "[0-9]", string = "ab3") & "|");
writeOutput(listFind(list = "a;b;c", value = "c", delimiter = ";") & "|");
writeOutput(listToArray(list = "x|y", delimiters = "|").len() & "|");
writeOutput(arrayContains(haystack = [4, 3, 2], needle = 3) & arrayContainsNoCase(arr = ["A", "b"], o = "a") & "|");
writeOutput(listSort(list = "b;c;a", sortType = "text", delimiter = ";") & "|");
writeOutput(serializeJSON(var = [1, "a"], serializeQueryByColumns = false) & "|");
try {
    structFind(nope = s, key = "a");
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
