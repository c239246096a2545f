component {
    function sound() { return "silence"; }
}
