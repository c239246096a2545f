interface extends="IBase" {
    function name();
}
