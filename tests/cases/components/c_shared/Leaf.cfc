component extends="Base" {
    function leafReads() { return variables.fromBase; }
}
