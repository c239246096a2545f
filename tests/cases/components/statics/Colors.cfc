component {
    static { static.RED = "##f00"; }
    static function name(c) { return "color " & c; }
}
