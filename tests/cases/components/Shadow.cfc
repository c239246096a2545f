component {
    this.value = "this";
    variables.value = "variables";
    function unscoped() { return value; }
    function fromThis() { return this.value; }
}
