component extends="Locked" {
    function value() { return "broken"; }
}
