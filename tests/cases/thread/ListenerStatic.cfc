component {
    static function make(name) { return "made " & name; }
}
