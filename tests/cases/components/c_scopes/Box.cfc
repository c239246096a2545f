component {
    variables.x = "variables";
    this.x = "this";

    function show(x = "argument") {
        local.y = "local";
        return arguments.x & "," & variables.x & "," & this.x & "," & x & "," & y;
    }

    function shadow() {
        var x = "local";
        return x & "," & variables.x & "," & this.x;
    }

    function setLoose() {
        loose = "written";
        return this;
    }

    function readLoose() { return variables.loose; }

    function counter() {
        var n = 0;
        n++;
        return n;
    }
}
