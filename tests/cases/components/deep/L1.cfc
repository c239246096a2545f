component {
    function init() { variables.trail = "L1"; return this; }
    function who() { return "L1"; }
    function chain() { return who(); }
    private function secretBase() { return "base-secret"; }
    function trail() { return variables.trail; }
}
