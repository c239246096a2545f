component extends="Base" {
    function kind() { return "child"; }
    function known() { return "known"; }
}
