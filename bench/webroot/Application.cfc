component {
    this.name = "rimeBench";
}
