component {
    function onMissingMethod(required string missingMethodName, required struct missingMethodArguments) {
        var parts = [];
        for (var i = 1; i <= arrayLen(structKeyArray(arguments.missingMethodArguments)); i++) {
            arrayAppend(parts, arguments.missingMethodArguments[i]);
        }
        return lCase(arguments.missingMethodName) & "[" & arrayToList(parts, "|") & "]";
    }

    function real() { return "real"; }
}
