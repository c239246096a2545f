component {
    this.name = "customTagCases";
    this.customTagPaths = "_tags";
}
