abstract component {
    abstract function area();
    abstract function name();
    function describe() { return name() & "=" & area(); }
}
