component implements="IShape" {
    function area() { return 0; }
}
