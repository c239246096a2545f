component accessors="true" {
    property name="name";
    property name="tags";
    variables.builtAt = "pseudo";

    function init(name = "fresh") {
        variables.name = arguments.name;
        variables.inits = (variables.inits ?: 0) + 1;
        return this;
    }

    function initCalls() {
        return variables.inits ?: 0;
    }
}
