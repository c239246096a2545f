component extends="B" {
    function describe() { return super.describe() & ">C"; }
    function name() { return "C"; }
    function level() { return "C+" & super.level(); }
}
