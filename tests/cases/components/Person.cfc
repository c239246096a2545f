component {
    variables.greeting = "Hello";
    this.kind = "person";

    function init(required string name, numeric age = 0) {
        variables.name = arguments.name;
        variables.age = arguments.age;
        return this;
    }

    function getName() { return variables.name; }
    function getAge() { return variables.age; }
    function greet() { return greeting & ", " & name & "!"; }
    function birthday() { variables.age++; return this; }
    private function secret() { return "hidden"; }
    function revealSecret() { return secret() & "/" & variables.secret() & "/" & this.kind; }
}
