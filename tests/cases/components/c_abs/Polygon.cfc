abstract component extends="Shape" {
    function name() { return "polygon with " & sides() & " sides"; }
    abstract function sides();
}
