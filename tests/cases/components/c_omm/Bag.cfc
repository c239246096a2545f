component {
    variables.store = {};

    function onMissingMethod(string missingMethodName, struct missingMethodArguments) {
        var name = arguments.missingMethodName;
        if (left(name, 3) == "get") {
            var key = mid(name, 4, len(name) - 3);
            return structKeyExists(variables.store, key) ? variables.store[key] : "(none)";
        }
        if (left(name, 3) == "set") {
            variables.store[mid(name, 4, len(name) - 3)] = arguments.missingMethodArguments[1];
            return this;
        }
        if (name == "configure") {
            return "size=" & arguments.missingMethodArguments.size & ",color=" & arguments.missingMethodArguments.color;
        }
        throw(type = "Bag.Unknown", message = "unknown " & name);
    }
}
