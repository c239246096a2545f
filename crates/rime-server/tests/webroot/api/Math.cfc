component {
    remote numeric function add(required numeric a, required numeric b) { return a + b; }
    remote function info(name = "x") { return {name: arguments.name, list: [1, 2]}; }
    remote function hello() returnFormat="plain" { return "hi " & (url.who ?: "anon"); }
    public function internal() { return "never over http"; }
    private function hidden() { return "hidden"; }
}
