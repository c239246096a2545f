component {
    count = 0;
    function increment(by = 1) { count += by; return this; }
    function value() { return count; }
}
