component {
    function kind() { return "imported widget"; }
}
