component {
    function ask(vault) { return vault.secret(); }
}
