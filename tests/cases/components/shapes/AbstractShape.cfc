abstract component {
    abstract function area();
    final function kind() { return "shape"; }
    function describe() { return kind() & " with area " & area(); }
}
