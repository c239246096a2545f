component {
    function onMissingMethod(required string missingMethodName, required struct missingMethodArguments) {
        var keys = structKeyArray(arguments.missingMethodArguments);
        arraySort(keys, "textnocase");
        return lCase(arguments.missingMethodName) & ":" & arrayToList(keys);
    }
}
