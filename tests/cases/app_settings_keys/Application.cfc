component {
    this.name = "rime-case-settings-keys";
    this.datasource = "main";
    this.sessionManagement = true;
}
