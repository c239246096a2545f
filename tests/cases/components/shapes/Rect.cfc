component extends="AbstractShape" {
    function init(w, h) { variables.w = w; variables.h = h; return this; }
    function area() { return w * h; }
}
