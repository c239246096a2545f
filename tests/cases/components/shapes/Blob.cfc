component extends="AbstractShape" {
    function name() { return "blob"; }
}
