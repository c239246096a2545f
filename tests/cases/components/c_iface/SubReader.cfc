component extends="BaseReader" {
    function read() { return "sub+" & super.read(); }
}
