component {
    this.name = "clientScopeTest";
    this.clientManagement = true;
}
