component {
    function init(required string name, numeric qty = 1, string unit = "pc") {
        variables.text = arguments.name & " " & arguments.qty & " " & arguments.unit;
        return this;
    }

    function text() { return variables.text; }
}
