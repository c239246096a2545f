component {
    this.name = "modernCases";
}
