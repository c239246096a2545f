component extends="A" {
    function describe() { return super.describe() & ">B"; }
    function name() { return "B"; }
    function level() { return "B"; }
}
