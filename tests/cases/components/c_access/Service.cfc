component {
    remote string function ping() { return "pong"; }
    public function pub() { return "pub+" & priv(); }
    private function priv() { return "priv"; }
    package function pkg() { return "pkg"; }
    function plain() { return "plain"; }
}
