component {
    function use() { return "bang"; }
}
