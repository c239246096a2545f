component implements="INamed" {
    function id() { return 7; }
    function name() { return "named"; }
}
