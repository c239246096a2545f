component {
    variables.label = "unset";

    function init(string label = "default") {
        variables.label = arguments.label;
        return this;
    }

    function getLabel() { return variables.label; }
}
