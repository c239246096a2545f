component {
    function onMissingMethod(missingMethodName, missingMethodArguments) {
        return arguments.missingMethodName & "(" & structCount(arguments.missingMethodArguments) & ")";
    }
}
