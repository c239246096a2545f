component implements="IReadable" {
    function read() { return "base"; }
}
