component extends="Polygon" {
    function init(b, h) { variables.b = b; variables.h = h; return this; }
    function area() { return b * h / 2; }
    function sides() { return 3; }
}
