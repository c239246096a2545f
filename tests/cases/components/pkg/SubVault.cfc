component extends="Vault" {
    function inherited() { return "sub: " & secret(); }
}
