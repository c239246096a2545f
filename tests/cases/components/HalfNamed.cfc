component implements="INamed" {
    function name() { return "half"; }
}
