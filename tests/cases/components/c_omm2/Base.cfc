component {
    function onMissingMethod(missingMethodName, missingMethodArguments) {
        return "base handled " & lCase(arguments.missingMethodName) & " for " & kind();
    }
    function kind() { return "base"; }
}
