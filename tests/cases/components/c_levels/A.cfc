component {
    function describe() { return "A"; }
    function name() { return "A"; }
    function whoAmI() { return "I am " & name(); }
    function level() { return "A"; }
}
