final component {
    function value() { return "locked"; }
}
