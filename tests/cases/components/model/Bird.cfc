component extends="base.Animal" {
    this.legs = 2;
    function init(string name = "bird") {
        super.init(arguments.name & "!");
        return this;
    }
    function speak() { return "Tweet"; }
}
