component {
    this.created = "base";
    variables.log = "B";
    function whoami() { return "Base"; }
    function template() { return "[" & whoami() & "]"; }
    function getLog() { return variables.log; }
}
