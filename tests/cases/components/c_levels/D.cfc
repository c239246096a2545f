component extends="C" {
    function describe() { return super.describe() & ">D"; }
    function name() { return "D"; }
}
