component extends="AbstractShape" {
    function area() { return 1; }
    function kind() { return "not a shape"; }
}
