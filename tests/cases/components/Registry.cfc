component {
    variables.entries = {};
    function register(required string key, required value) {
        variables.entries[arguments.key] = arguments.value;
    }
    function get(required string key) {
        return variables.entries[arguments.key] ?: "";
    }
    function size() { return structCount(variables.entries); }
}
