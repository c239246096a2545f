component {
    function init() { return new Nothing(); }
}
