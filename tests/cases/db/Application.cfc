component {
    this.name = "rimeDbCases";
    this.datasources.cases = { type: "sqlite", database: ":memory:" };
    this.datasource = "cases";
}
