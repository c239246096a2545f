component implements="IStream" {
    function read() { return ""; }
    function close() { return "closed"; }
}
