component {
  this.name = "rimeCaseUnusableSource";
  this.datasources = { legacy: { type: "mysql", host: "localhost", database: "x" } };
}
