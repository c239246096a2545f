component {
    function gather(first) {
        var parts = [];
        for (var i = 1; i <= structCount(arguments); i++) {
            arrayAppend(parts, arguments[i]);
        }
        return structCount(arguments) & ":" & arrayToList(parts, "-") & ":" & arguments.first;
    }

    function named(a, b) {
        return (isNull(arguments.a) ? "none" : arguments.a) & "/" & (isNull(arguments.b) ? "none" : arguments.b);
    }
}
