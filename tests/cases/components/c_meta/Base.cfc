component hint="the base" {
    function baseOnly() { return 1; }
}
