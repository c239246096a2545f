component extends="Animal" {
    function sound() { return "woof"; }
}
