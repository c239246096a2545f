final component {
    function hello() { return "sealed"; }
}
