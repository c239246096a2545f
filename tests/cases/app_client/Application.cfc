component {
    this.name = "rimeClientCases";
    this.clientManagement = true;
}
