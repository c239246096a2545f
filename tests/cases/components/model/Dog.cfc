component extends="base.Animal" {
    function speak() { return "Woof"; }
    function kind() { return "dog<" & super.kind(); }
}
