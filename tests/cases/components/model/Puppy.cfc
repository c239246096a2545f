component extends="Dog" {
    function speak() { return "Yip"; }
    function kind() { return "puppy<" & super.kind(); }
}
