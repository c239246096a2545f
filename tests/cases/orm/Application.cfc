component {
    this.name = "rimeOrmCases";
    this.datasources.ormcases = { type: "sqlite", database: getTempDirectory() & "rime-orm-cases.sqlite" };
    this.datasource = "ormcases";
    this.ormEnabled = true;
    this.ormSettings = {
        cfclocation: "models",
        dbcreate: "dropcreate",
        eventHandling: true,
        eventHandler: "models.Events"
    };
}
