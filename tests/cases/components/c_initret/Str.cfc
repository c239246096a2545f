component {
    function init() { return "just a string"; }
}
