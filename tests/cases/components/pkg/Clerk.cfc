component {
    function ask(vault) { return "clerk got " & vault.secret(); }
}
