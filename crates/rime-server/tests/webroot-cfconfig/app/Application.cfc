component {
    this.name = "cfconfigApp";
    this.datasources.own = { type: "sqlite", database: ":memory:" };
}
