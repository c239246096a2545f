component {
    variables.factor = 10;

    function add(numeric a = 0, numeric b = 0) { return a + b; }
    function scale(n) { return n * variables.factor; }
    function describe(string label = "none", numeric n = 0) { return label & "=" & n; }
    function isBig(n) { return n > 15; }
    function triple(n) { return n * 3; }
}
