component {
    package function secret() { return "the code"; }
    function reveal() { return "via this: " & this.secret(); }
    private function hidden() { return "hidden"; }
}
