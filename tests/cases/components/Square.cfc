component implements="IShape" {
    function init(side = 2) { variables.side = side; return this; }
    function area() { return side * side; }
    function name() { return "square"; }
}
