component {
    this.legs = 4;
    function init(string name = "animal") {
        variables.name = arguments.name;
        return this;
    }
    function speak() { return "..."; }
    function describe() { return variables.name & " says " & speak() & " on " & this.legs & " legs"; }
    function kind() { return "animal"; }
}
