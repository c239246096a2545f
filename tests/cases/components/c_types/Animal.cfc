component {
    function sound() { return "..."; }
}
